import type { Queryable } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { findRecipient } from './messages.repo.js';

/** Why `senderId` may not write to `recipientId` (a message or a typing signal); undefined when they may. */
export async function writeRefusal(q: Queryable, senderId: string, recipientId: string): Promise<AppError | undefined> {
  if (senderId === recipientId) return new AppError(400, 'self_message', 'Du kannst dir nicht selbst schreiben.');
  const recipient = await findRecipient(q, recipientId, senderId);
  if (!recipient) return new AppError(404, 'not_found', 'Dieses Mitglied gibt es nicht oder es ist nicht erreichbar.');
  if (recipient.blocked) {
    return new AppError(403, 'blocked', 'Ihr könnt euch keine Nachrichten schreiben, weil einer von euch den anderen blockiert hat.');
  }
  if (recipient.message_pref === 'liked' && !recipient.likes_sender) {
    return new AppError(403, 'not_liked', 'Dieses Mitglied empfängt nur Nachrichten von Mitgliedern, die es geliked hat.');
  }
  return undefined;
}
