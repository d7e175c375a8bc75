import { type Selectable, sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { typed } from '../../db/kysely.js';
import type { CompanionMessages } from '../../db/schema.js';

/** A companion turn as json_agg writes it: the time as the JSON text of the timestamp. */
type ExportedTurn = Pick<Selectable<CompanionMessages>, 'role' | 'content'> & { created_at: string };

/**
 * Everything stored about a member, as rows (the export). Other members appear only by id and
 * display name: never their e-mail, birth date or place.
 */
export async function exportRows(q: Queryable, memberId: string) {
  const k = typed(q);
  const other = (a: 'm.user_a', b: 'm.user_b') => sql<string>`CASE WHEN ${sql.ref(a)} = ${memberId} THEN ${sql.ref(b)} ELSE ${sql.ref(a)} END`;
  return {
    account: await k
      .selectFrom('users')
      .select(['id', 'email', 'email_verified', 'display_name', 'role'])
      .select((eb) => eb('google_sub', 'is not', null).as('google_linked'))
      .select(['premium_until', 'message_pref', 'email_notifications', 'email_on_match', 'email_on_message', 'email_on_flirt', 'read_receipts', 'push_previews'])
      .select(['created_at', 'updated_at', 'last_active_at', 'matches_seen_at', 'flirts_seen_at'])
      .where('id', '=', memberId)
      .executeTakeFirst(),
    profile:
      (await k
        .selectFrom('profiles as p')
        .leftJoin('places as pl', 'pl.id', 'p.place_id')
        .select(['p.about_me', 'p.looking_for', 'p.birth_date', 'p.gender', 'p.interested_in', 'p.age_min', 'p.age_max'])
        .select(['pl.name as place', 'p.share_enabled', 'p.orientation_consent', 'p.interests', 'p.updated_at'])
        .where('p.user_id', '=', memberId)
        .executeTakeFirst()) ?? null,
    prompts: await k.selectFrom('profile_prompts').select(['position', 'prompt_id', 'answer']).where('user_id', '=', memberId).orderBy('position').execute(),
    photos: await k
      .selectFrom('photos')
      .select(['id', 'position', 'status', 'moderation_label', 'moderation_scores', 'width', 'height', 'disabled_at', 'created_at', 'large_key'])
      .where('user_id', '=', memberId)
      .orderBy('position')
      .execute(),
    photoCategories: await k.selectFrom('photo_entries').select(['category', 'photo_id', 'created_at']).where('user_id', '=', memberId).execute(),
    likesGiven: await k
      .selectFrom('swipes as s')
      .leftJoin('users as u', 'u.id', 's.target_id')
      .select(['s.target_id as member_id', 'u.display_name as member_name', 's.kind', 's.created_at'])
      .where('s.actor_id', '=', memberId)
      .orderBy('s.created_at')
      .execute(),
    matches: await k
      .selectFrom('matches as m')
      .innerJoin('users as u', (j) => j.on('u.id', '=', other('m.user_a', 'm.user_b')))
      .select([other('m.user_a', 'm.user_b').as('member_id'), 'u.display_name as member_name', 'm.created_at'])
      .where((eb) => eb.or([eb('m.user_a', '=', memberId), eb('m.user_b', '=', memberId)]))
      .execute(),
    blocks: await k.selectFrom('blocks').select(['blocked_id as member_id', 'created_at']).where('blocker_id', '=', memberId).execute(),
    messages: await k
      .selectFrom('messages as m')
      .select('m.id')
      .select((eb) => [
        eb.case().when('m.sender_id', '=', memberId).then(sql.lit<'sent' | 'received'>('sent')).else(sql.lit('received')).end().as('direction'),
        eb.case().when('m.sender_id', '=', memberId).then(eb.ref('m.recipient_id')).else(eb.ref('m.sender_id')).end().as('member_id'),
      ])
      .select(['m.body', 'm.prepaid_reply', 'm.created_at', 'm.read_at'])
      .where((eb) => eb.or([eb('m.sender_id', '=', memberId), eb('m.recipient_id', '=', memberId)]))
      .orderBy('m.created_at')
      .execute(),
    ledger: await k
      .selectFrom('ledger_accounts as a')
      .innerJoin('ledger_entries as e', 'e.account_id', 'a.id')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .select(['t.id as transaction_id', 't.kind', 'e.amount', 't.created_at'])
      .where('a.user_id', '=', memberId)
      .orderBy('e.id')
      .execute(),
    purchases: await k
      .selectFrom('purchases')
      .select(['id', 'pack_id', 'credits', 'price_cents', 'provider', 'status', 'created_at', 'paid_at', 'withdrawal_consent_at', 'terms_version'])
      .where('user_id', '=', memberId)
      .execute(),
    rewards: await k.selectFrom('reward_claims').select(['kind', 'period', 'amount', 'claimed_at']).where('user_id', '=', memberId).execute(),
    votesGiven: await k.selectFrom('photo_votes').select(['photo_id', 'category', 'month', 'created_at']).where('voter_id', '=', memberId).execute(),
    badges: await k.selectFrom('badges').select(['kind', 'scope', 'awarded_at']).where('user_id', '=', memberId).execute(),
    companionConversations: await k
      .selectFrom('companion_conversations as c')
      .select(['c.id', 'c.title', 'c.started_at'])
      .select(
        sql<ExportedTurn[]>`COALESCE((SELECT json_agg(json_build_object('role', m.role, 'content', m.content, 'created_at', m.created_at) ORDER BY m.id)
                                        FROM companion_messages m WHERE m.conversation_id = c.id), '[]')`.as('turns'),
      )
      .where('c.user_id', '=', memberId)
      .orderBy('c.started_at')
      .execute(),
    companionMemories: await k.selectFrom('companion_memories').select(['id', 'content', 'tags', 'created_at']).where('user_id', '=', memberId).execute(),
    reportsFiled: await k
      .selectFrom('reports')
      .select(['id', 'reported_id', 'photo_id', 'message_id', 'reason', 'details', 'status', 'created_at'])
      .where('reporter_id', '=', memberId)
      .execute(),
    consents: await k.selectFrom('consents').select(['kind', 'given', 'at']).where('user_id', '=', memberId).orderBy('at').execute(),
    // Statements of reasons about her and her objections (decisions module); the link's token hash stays out.
    decisions: await k
      .selectFrom('decisions as d')
      .leftJoin('objections as o', 'o.decision_id', 'd.id')
      .select(['d.id', 'd.kind', 'd.object_text', 'd.facts', 'd.rule', 'd.automated_detection', 'd.automated_decision', 'd.created_at', 'd.objection_until'])
      .select(['o.body as objection', 'o.status as objection_status', 'o.answer as objection_answer', 'o.created_at as objected_at', 'o.decided_at as objection_decided_at'])
      .where('d.user_id', '=', memberId)
      .orderBy('d.created_at')
      .execute(),
    termsAcceptances: await k.selectFrom('terms_acceptances').select(['version', 'source', 'accepted_at']).where('user_id', '=', memberId).orderBy('accepted_at').execute(),
    // Photo verification: results only; selfie_key is set while an admin decides (the service adds the file).
    verificationAttempts: await k
      .selectFrom('verification_attempts')
      .select(['id', 'instruction', 'status', 'reason', 'model_version', 'main_distance', 'photo_distances', 'selfie_key', 'created_at', 'checked_at', 'decided_at'])
      .where('user_id', '=', memberId)
      .orderBy('created_at')
      .execute(),
    photoVerification: (await k.selectFrom('photo_verifications').select('verified_at').where('user_id', '=', memberId).executeTakeFirst()) ?? null,
    // "Date teilen": her shared plans (not the partner's data; the link's hash stays out, it opens nothing for her).
    dateShares: await k
      .selectFrom('date_shares')
      .select(['id', 'partner_name', 'place', 'address', 'note', 'starts_at', 'expires_at', 'created_at'])
      .where('user_id', '=', memberId)
      .orderBy('created_at')
      .execute(),
    sessions: await k.selectFrom('sessions').select(['created_at', 'last_seen_at', 'expires_at', 'revoked_at']).where('user_id', '=', memberId).execute(),
    // Web Push devices: the endpoint is the member's own browser's address; its keys are secrets of the device, not about the member.
    pushSubscriptions: (
      await k.selectFrom('push_subscriptions').select(['endpoint', 'created_at']).where('user_id', '=', memberId).orderBy('created_at').orderBy('id').execute()
    ).map((s) => ({ endpoint: s.endpoint, created_at: s.created_at.toISOString() })), // as the contract has it (exportResponse)
  };
}

/** Erases the account; rows that must stay for bookkeeping lose the member (ON DELETE SET NULL). */
export async function eraseMember(q: Queryable, memberId: string): Promise<void> {
  const k = typed(q);
  await k.updateTable('leaderboard_archive').set({ user_id: null, name: 'Gelöschtes Profil' }).where('user_id', '=', memberId).execute();
  // Mails to the address, sent or waiting (a waiting one must not go out after the erasure).
  await k
    .deleteFrom('mail_outbox')
    .where((eb) =>
      eb(eb.fn<string>('lower', ['to_address']), '=', eb.selectFrom('users').select((s) => s.fn<string>('lower', ['email']).as('email')).where('id', '=', memberId)),
    )
    .execute();
  await k.deleteFrom('users').where('id', '=', memberId).execute();
}

/** Selfies still kept for an admin's decision (erased with the account). */
export async function selfieKeys(q: Queryable, memberId: string): Promise<string[]> {
  const rows = await typed(q).selectFrom('verification_attempts').select('selfie_key').where('user_id', '=', memberId).where('selfie_key', 'is not', null).execute();
  return rows.map((r) => r.selfie_key).filter((k): k is string => k !== null);
}

export async function recordConsent(q: Queryable, memberId: string, given: boolean): Promise<void> {
  const k = typed(q);
  await k.insertInto('consents').values({ user_id: memberId, kind: 'orientation', given }).execute();
  await k
    .updateTable('profiles')
    .set({ orientation_consent: given ? 'given' : 'withdrawn' })
    .where('user_id', '=', memberId)
    .execute();
}

export function consentHistory(q: Queryable, memberId: string) {
  return typed(q).selectFrom('consents').select(['given', 'at']).where('user_id', '=', memberId).where('kind', '=', 'orientation').orderBy('at').orderBy('id').execute();
}

export async function sessionCreatedAt(q: Queryable, sessionId: string): Promise<Date | undefined> {
  const row = await typed(q).selectFrom('sessions').select('created_at').where('id', '=', sessionId).executeTakeFirst();
  return row?.created_at;
}
