import { MESSAGE_REMOVED_TEXT } from '@funkeln/contracts/messages';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { lockMessage, removeBody, restoreBody } from './removal.repo.js';

/** A message the team removed: its sender (null for a deleted account), its time and its words. */
interface RemovedMessage {
  senderId: string | null;
  createdAt: Date;
  words: string;
}

/**
 * The team removes a message (both members then read MESSAGE_REMOVED_TEXT in its place, in every
 * list, since the body itself is replaced) and restores it after a successful objection.
 */
export class TeamRemoval {
  /** Inside the admin's transaction; undefined when it was removed already; not_found for an unknown id. */
  async remove(tx: Tx, messageId: string): Promise<RemovedMessage | undefined> {
    const row = await lockMessage(tx, messageId);
    if (!row) throw new AppError('not_found', { params: { of: 'message' } });
    if (row.removed) return undefined;
    await removeBody(tx, messageId, MESSAGE_REMOVED_TEXT);
    return { senderId: row.sender_id, createdAt: row.created_at, words: row.body };
  }

  async restore(tx: Tx, messageId: string): Promise<void> {
    await restoreBody(tx, messageId);
  }
}
