import type { SettingsService } from '../settings/settings.service.js';

/** What sending one more message asks of a member (docs/MESSAGING.md). */
export type MessageRule = { kind: 'pay'; cost: number } | { kind: 'limit'; perDay: number } | { kind: 'free' };

export async function messageRuleFor(gender: 'female' | 'male' | 'diverse' | null, settings: SettingsService): Promise<MessageRule> {
  const kind = gender === 'male' ? 'pay' : gender === 'female' ? 'limit' : await settings.get('DIVERSE_MESSAGE_RULE');
  if (kind === 'pay') return { kind, cost: await settings.get('CREDIT_COST_PER_MESSAGE_MALE') };
  if (kind === 'limit') return { kind, perDay: await settings.get('WOMAN_DAILY_REPLY_LIMIT') };
  return { kind: 'free' };
}
