import type { Queryable } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { Gender } from './message-rules.js';
import { findMessageRecipient, findRecipient } from './messages.repo.js';
import { EARLY_MESSAGES } from './screening/message-screening.js';

type Recipient = Awaited<ReturnType<typeof findRecipient>>;

/** A block, either way, is answered as an unknown or suspended member is: the one blocked cannot tell (docs/SECURITY.md). */
function refusalOf(recipient: Recipient): AppError | undefined {
  if (!recipient || recipient.blocked) return new AppError('not_found', { params: { of: 'member' } });
  if (recipient.message_pref === 'liked' && !recipient.likes_sender) return new AppError('not_liked');
  return undefined;
}

/** Why `senderId` may not write to `recipientId` (a message or a typing signal); undefined when they may. */
export async function writeRefusal(q: Queryable, senderId: string, recipientId: string): Promise<AppError | undefined> {
  if (senderId === recipientId) return new AppError('self_message');
  return refusalOf(await findRecipient(q, recipientId, senderId));
}

/**
 * For a message: why `senderId` may not write to `recipientId`, or the sender's gender for the
 * message rule and whether the message answers a conversation the recipient started (only those
 * count against a daily reply limit).
 */
export type WritePermission = { refusal: AppError } | { senderGender: Gender | undefined; isReply: boolean; notLiked: boolean; exchanged: number };

/**
 * For a message, in one statement: the refusal (to be thrown where the send decides; a replay of a
 * stored message comes first), else the sender's gender (undefined: no profile yet), whether it is
 * a reply and whether the recipient takes messages only from members she liked and has not liked
 * this one (`notLiked`: refused only after every other check of the send, see MessagesService.store).
 */
export async function writePermission(q: Queryable, senderId: string, recipientId: string): Promise<WritePermission> {
  if (senderId === recipientId) return { refusal: new AppError('self_message') };
  const recipient = await findMessageRecipient(q, recipientId, senderId, EARLY_MESSAGES);
  const refusal = refusalOf(recipient);
  if (refusal && refusal.code !== 'not_liked') return { refusal };
  return {
    senderGender: recipient?.sender_profile ? recipient.sender_gender : undefined,
    isReply: recipient?.started_by === recipientId,
    // "Only from members I liked" is about who may write first: whoever she wrote to may answer (red team, session 59).
    notLiked: refusal !== undefined && recipient?.started_by !== recipientId,
    // Messages between the two before this one, up to EARLY_MESSAGES: the off-platform hint's "early".
    exchanged: recipient?.exchanged ?? 0,
  };
}
