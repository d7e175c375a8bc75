import type { Queryable } from '../../db/client.js';
import type { SettingsService } from '../settings/index.js';
import { startedBy } from './messages.repo.js';

/** What sending one more message asks of a member (docs/MESSAGING.md). */
export type MessageRule = { kind: 'pay'; cost: number } | { kind: 'limit'; perDay: number } | { kind: 'free' };
export type Gender = 'female' | 'male' | 'diverse' | null;

/**
 * Reads the settings once (before the transaction: on the embedded database a read from outside
 * the open transaction would wait for it) and answers which rule applies to a gender.
 */
export async function loadMessageRules(settings: SettingsService): Promise<(gender: Gender) => MessageRule> {
  const [cost, perDay, diverse] = await Promise.all([
    settings.get('CREDIT_COST_PER_MESSAGE_MALE'),
    settings.get('WOMAN_DAILY_REPLY_LIMIT'),
    settings.get('DIVERSE_MESSAGE_RULE'),
  ]);
  return (gender) => {
    const kind = gender === 'male' ? 'pay' : gender === 'female' ? 'limit' : diverse;
    if (kind === 'pay') return { kind, cost };
    if (kind === 'limit') return { kind, perDay };
    return { kind: 'free' };
  };
}

/** A message from `senderId` answers a conversation `recipientId` started: only those count against a daily limit. */
export async function isReply(q: Queryable, senderId: string, recipientId: string): Promise<boolean> {
  return (await startedBy(q, senderId, recipientId)) === recipientId;
}
