import type { Queryable } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Gender } from './message-rules.js';
import { findRecipient } from './messages.repo.js';

type Recipient = Awaited<ReturnType<typeof findRecipient>>;

function refusalOf(recipient: Recipient): AppError | undefined {
  if (!recipient) return new AppError('not_found', { params: { of: 'member' } });
  if (recipient.blocked) return new AppError('blocked');
  if (recipient.message_pref === 'liked' && !recipient.likes_sender) return new AppError('not_liked');
  return undefined;
}

/** Why `senderId` may not write to `recipientId` (a message or a typing signal); undefined when they may. */
export async function writeRefusal(q: Queryable, senderId: string, recipientId: string): Promise<AppError | undefined> {
  if (senderId === recipientId) return new AppError('self_message');
  return refusalOf(await findRecipient(q, recipientId, senderId));
}

/**
 * For a message: throws why `senderId` may not write to `recipientId`, else answers the sender's
 * gender for the message rule (undefined: the sender has no profile yet). One statement.
 */
export async function mayWrite(q: Queryable, senderId: string, recipientId: string): Promise<{ senderGender: Gender | undefined }> {
  if (senderId === recipientId) throw new AppError('self_message');
  const recipient = await findRecipient(q, recipientId, senderId);
  const refusal = refusalOf(recipient);
  if (refusal) throw refusal;
  return { senderGender: recipient?.sender_profile ? recipient.sender_gender : undefined };
}
