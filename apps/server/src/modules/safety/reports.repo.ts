import type { Queryable } from '../../db/client.js';

/** The owner of a photo another member may see (approved, enabled), or undefined. */
export async function visiblePhotoOwner(q: Queryable, photoId: string): Promise<string | undefined> {
  return (await q.query<{ user_id: string }>("SELECT user_id FROM photos WHERE id = $1 AND status = 'approved' AND disabled_at IS NULL", [photoId]))[0]?.user_id;
}

/** The sender of a message the reporter received, or undefined. */
export async function receivedMessageSender(q: Queryable, messageId: string, reporterId: string): Promise<string | null | undefined> {
  const rows = await q.query<{ sender_id: string | null }>('SELECT sender_id FROM messages WHERE id = $1 AND recipient_id = $2', [messageId, reporterId]);
  return rows.length === 0 ? undefined : rows[0]!.sender_id;
}

export async function insertReport(
  q: Queryable,
  r: { id: string; reporterId: string; reportedId: string | null; photoId?: string; messageId?: string; reason: string; details: string },
): Promise<void> {
  await q.query(
    'INSERT INTO reports (id, reporter_id, reported_id, photo_id, message_id, reason, details) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [r.id, r.reporterId, r.reportedId, r.photoId ?? null, r.messageId ?? null, r.reason, r.details],
  );
}
