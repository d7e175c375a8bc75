import type { MemberSettings } from '@funkeln/contracts/account';
import type { Queryable } from '../../db/client.js';
import { now, typed } from '../../db/kysely.js';

export function memberSettings(q: Queryable, memberId: string) {
  return typed(q)
    .selectFrom('users as u')
    .leftJoin('profiles as p', 'p.user_id', 'u.id')
    .select(['u.message_pref', 'u.email_notifications', 'p.share_enabled', 'u.read_receipts', 'u.email_on_match', 'u.email_on_message', 'u.email_on_flirt', 'u.push_previews'])
    .where('u.id', '=', memberId)
    .executeTakeFirstOrThrow();
}

/**
 * Writes the given settings (the others stay); the member's row is touched (updated_at) either way.
 * Sharing is a column of the profile and is only written to a profile that exists: a settings
 * change never creates one (an account without a profile is nobody to others, docs/SECURITY.md).
 * Answers whether a requested share setting found a profile to land on.
 */
export async function updateMemberSettings(q: Queryable, memberId: string, s: Partial<MemberSettings>): Promise<{ shareStored: boolean }> {
  const k = typed(q);
  await k
    .updateTable('users')
    .set({
      message_pref: s.messagePref,
      email_notifications: s.emailNotifications,
      read_receipts: s.readReceipts,
      email_on_match: s.emailOnMatch,
      email_on_message: s.emailOnMessage,
      email_on_flirt: s.emailOnFlirt,
      push_previews: s.pushPreviews,
      updated_at: now(),
    })
    .where('id', '=', memberId)
    .execute();
  if (s.shareEnabled === undefined) return { shareStored: true };
  const updated = await k.updateTable('profiles').set({ share_enabled: s.shareEnabled }).where('user_id', '=', memberId).returning('user_id').executeTakeFirst();
  return { shareStored: updated !== undefined };
}

export async function setPasswordHash(q: Queryable, memberId: string, hash: string): Promise<void> {
  await typed(q).updateTable('users').set({ password_hash: hash, updated_at: now() }).where('id', '=', memberId).execute();
}
