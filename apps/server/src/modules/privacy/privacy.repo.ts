import type { MemberSettings } from '@funkeln/contracts/safety';
import type { Queryable } from '../../db/client.js';

type Rows = Record<string, unknown>[];
const all = (q: Queryable, sql: string, userId: string): Promise<Rows> => q.query(sql, [userId]);

/**
 * Everything stored about a member, as rows (the export). Other members appear only by id and
 * display name: never their e-mail, birth date or place.
 */
export async function exportRows(q: Queryable, userId: string) {
  return {
    account: (await all(q, `SELECT id, email, email_verified, display_name, role, google_sub IS NOT NULL AS google_linked, premium_until,
                                   message_pref, email_notifications, email_on_match, email_on_message, email_on_flirt, read_receipts, push_previews,
                                   created_at, updated_at, last_active_at
                              FROM users WHERE id = $1`, userId))[0],
    profile: (await all(q, `SELECT p.about_me, p.looking_for, p.birth_date, p.gender, p.interested_in, p.age_min, p.age_max,
                                   pl.name AS place, p.share_enabled, p.orientation_consent, p.updated_at
                              FROM profiles p LEFT JOIN places pl ON pl.id = p.place_id WHERE p.user_id = $1`, userId))[0] ?? null,
    photos: await all(q, 'SELECT id, status, moderation_label, moderation_scores, width, height, disabled_at, created_at, large_key FROM photos WHERE user_id = $1', userId),
    photoCategories: await all(q, 'SELECT category, created_at FROM photo_entries WHERE user_id = $1', userId),
    likesGiven: await all(q, `SELECT s.target_id AS member_id, u.display_name AS member_name, s.kind, s.created_at
                                FROM swipes s LEFT JOIN users u ON u.id = s.target_id WHERE s.actor_id = $1 ORDER BY s.created_at`, userId),
    matches: await all(q, `SELECT CASE WHEN m.user_a = $1 THEN m.user_b ELSE m.user_a END AS member_id, u.display_name AS member_name, m.created_at
                             FROM matches m JOIN users u ON u.id = CASE WHEN m.user_a = $1 THEN m.user_b ELSE m.user_a END
                            WHERE $1 IN (m.user_a, m.user_b)`, userId),
    blocks: await all(q, 'SELECT blocked_id AS member_id, created_at FROM blocks WHERE blocker_id = $1', userId),
    messages: await all(q, `SELECT m.id, CASE WHEN m.sender_id = $1 THEN 'sent' ELSE 'received' END AS direction,
                                   CASE WHEN m.sender_id = $1 THEN m.recipient_id ELSE m.sender_id END AS member_id,
                                   m.body, m.prepaid_reply, m.created_at, m.read_at
                              FROM messages m WHERE m.sender_id = $1 OR m.recipient_id = $1 ORDER BY m.created_at`, userId),
    ledger: await all(q, `SELECT t.id AS transaction_id, t.kind, e.amount, t.created_at
                            FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id JOIN ledger_transactions t ON t.id = e.transaction_id
                           WHERE a.user_id = $1 ORDER BY e.id`, userId),
    purchases: await all(q, 'SELECT id, pack_id, credits, price_cents, provider, status, created_at, paid_at FROM purchases WHERE user_id = $1', userId),
    rewards: await all(q, 'SELECT kind, period, amount, claimed_at FROM reward_claims WHERE user_id = $1', userId),
    votesGiven: await all(q, 'SELECT photo_id, category, month, created_at FROM photo_votes WHERE voter_id = $1', userId),
    badges: await all(q, 'SELECT kind, scope, awarded_at FROM badges WHERE user_id = $1', userId),
    companionConversations: await all(q, `SELECT c.id, c.title, c.started_at,
                                                 COALESCE((SELECT json_agg(json_build_object('role', m.role, 'content', m.content, 'created_at', m.created_at) ORDER BY m.id)
                                                             FROM companion_messages m WHERE m.conversation_id = c.id), '[]') AS turns
                                            FROM companion_conversations c WHERE c.user_id = $1 ORDER BY c.started_at`, userId),
    companionMemories: await all(q, 'SELECT id, content, tags, created_at FROM companion_memories WHERE user_id = $1', userId),
    reportsFiled: await all(q, 'SELECT id, reported_id, photo_id, message_id, reason, details, status, created_at FROM reports WHERE reporter_id = $1', userId),
    consents: await all(q, 'SELECT kind, given, at FROM consents WHERE user_id = $1 ORDER BY at', userId),
    sessions: await all(q, 'SELECT created_at, last_seen_at, expires_at, revoked_at FROM sessions WHERE user_id = $1', userId),
  };
}

/** Erases the account; rows that must stay for bookkeeping lose the member (ON DELETE SET NULL). */
export async function eraseUser(q: Queryable, userId: string): Promise<void> {
  await q.query("UPDATE leaderboard_archive SET user_id = NULL, name = 'Gelöschtes Profil' WHERE user_id = $1", [userId]);
  // Mails to the address, sent or waiting (a waiting one must not go out after the erasure).
  await q.query('DELETE FROM mail_outbox WHERE lower(to_address) = (SELECT lower(email) FROM users WHERE id = $1)', [userId]);
  await q.query('DELETE FROM users WHERE id = $1', [userId]);
}

export async function recordConsent(q: Queryable, userId: string, given: boolean): Promise<void> {
  await q.query("INSERT INTO consents (user_id, kind, given) VALUES ($1, 'orientation', $2)", [userId, given]);
  await q.query('UPDATE profiles SET orientation_consent = $2 WHERE user_id = $1', [userId, given ? 'given' : 'withdrawn']);
}

export async function consentHistory(q: Queryable, userId: string): Promise<{ given: boolean; at: Date }[]> {
  return q.query<{ given: boolean; at: Date }>("SELECT given, at FROM consents WHERE user_id = $1 AND kind = 'orientation' ORDER BY at, id", [userId]);
}

export type SettingsRow = {
  message_pref: 'everyone' | 'liked';
  email_notifications: boolean;
  share_enabled: boolean | null;
  read_receipts: boolean;
  email_on_match: boolean;
  email_on_message: boolean;
  email_on_flirt: boolean;
  push_previews: boolean;
};
export async function memberSettings(q: Queryable, userId: string): Promise<SettingsRow> {
  const rows = await q.query<SettingsRow>(
    `SELECT u.message_pref, u.email_notifications, p.share_enabled, u.read_receipts, u.email_on_match, u.email_on_message, u.email_on_flirt, u.push_previews
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
  return rows[0]!;
}

export async function updateMemberSettings(q: Queryable, userId: string, s: Partial<MemberSettings>): Promise<void> {
  await q.query(
    `UPDATE users SET message_pref = COALESCE($2, message_pref), email_notifications = COALESCE($3, email_notifications),
       read_receipts = COALESCE($4, read_receipts), email_on_match = COALESCE($5, email_on_match), email_on_message = COALESCE($6, email_on_message),
       email_on_flirt = COALESCE($7, email_on_flirt), push_previews = COALESCE($8, push_previews), updated_at = now()
     WHERE id = $1`,
    [userId, s.messagePref ?? null, s.emailNotifications ?? null, s.readReceipts ?? null, s.emailOnMatch ?? null, s.emailOnMessage ?? null, s.emailOnFlirt ?? null, s.pushPreviews ?? null],
  );
  if (s.shareEnabled !== undefined) await q.query('UPDATE profiles SET share_enabled = $2 WHERE user_id = $1', [userId, s.shareEnabled]);
}

export async function setPasswordHash(q: Queryable, userId: string, hash: string): Promise<void> {
  await q.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [userId, hash]);
}

export async function sessionCreatedAt(q: Queryable, sessionId: string): Promise<Date | undefined> {
  return (await q.query<{ created_at: Date }>('SELECT created_at FROM sessions WHERE id = $1', [sessionId]))[0]?.created_at;
}
