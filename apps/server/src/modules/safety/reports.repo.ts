import type { Queryable } from '../../db/client.js';
import { typed } from '../../db/kysely.js';

/** The owner of a photo another member may see (approved, enabled), or undefined. */
export async function visiblePhotoOwner(q: Queryable, photoId: string): Promise<string | undefined> {
  const row = await typed(q)
    .selectFrom('photos')
    .select('user_id')
    .where('id', '=', photoId)
    .where('status', '=', 'approved')
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return row?.user_id;
}

/** The sender of a message the reporter received, or undefined. */
export async function receivedMessageSender(q: Queryable, messageId: string, reporterId: string): Promise<string | null | undefined> {
  const row = await typed(q).selectFrom('messages').select('sender_id').where('id', '=', messageId).where('recipient_id', '=', reporterId).executeTakeFirst();
  return row === undefined ? undefined : row.sender_id;
}

export async function insertReport(
  q: Queryable,
  r: { id: string; reporterId: string; reportedId: string | null; photoId?: string; messageId?: string; reason: string; details: string },
): Promise<void> {
  await typed(q)
    .insertInto('reports')
    .values({
      id: r.id,
      reporter_id: r.reporterId,
      reported_id: r.reportedId,
      photo_id: r.photoId ?? null,
      message_id: r.messageId ?? null,
      reason: r.reason,
      details: r.details,
    })
    .execute();
}
