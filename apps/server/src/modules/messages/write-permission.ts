import type { Queryable } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { findRecipient } from './messages.repo.js';

/** Why `senderId` may not write to `recipientId` (a message or a typing signal); undefined when they may. */
export async function writeRefusal(q: Queryable, senderId: string, recipientId: string): Promise<AppError | undefined> {
  if (senderId === recipientId) return new AppError('self_message');
  const recipient = await findRecipient(q, recipientId, senderId);
  if (!recipient) return new AppError('not_found', { params: { of: 'member' } });
  if (recipient.blocked) {
    return new AppError('blocked');
  }
  if (recipient.message_pref === 'liked' && !recipient.likes_sender) {
    return new AppError('not_liked');
  }
  return undefined;
}
