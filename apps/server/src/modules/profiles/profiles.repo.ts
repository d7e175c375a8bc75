import { type Kysely, type Selectable, sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { compiledOnce } from '../../db/compiled-query.js';
import { now, typed } from '../../db/kysely.js';
import type { DB, Profiles } from '../../db/schema.js';

/**
 * birth_date as text: a DATE must not shift through a JS Date in some time zone. active_day and
 * place_lat/place_lon are the database's own copies of the member's last active day and their
 * town's coordinates (kept by triggers, migration 023), never written here.
 */
export type ProfileRow = Omit<Selectable<Profiles>, 'birth_date' | 'orientation_consent' | 'updated_at' | 'active_day' | 'place_lat' | 'place_lon' | 'share_key'> & {
  birth_date: string | null;
};

export function findProfile(q: Queryable, memberId: string, forUpdate = false): Promise<ProfileRow | undefined> {
  return (forUpdate ? profileLocked : profile).takeFirst(q, { memberId });
}

const profileQuery = (k: Kysely<DB>, memberId: string) =>
  k
    .selectFrom('profiles')
    .select(['user_id', 'about_me', 'looking_for', sql<string | null>`to_char(birth_date, 'YYYY-MM-DD')`.as('birth_date'), 'gender'])
    .select(['interested_in', 'age_min', 'age_max', 'place_id', 'share_enabled', 'interests'])
    .where('user_id', '=', memberId);
/** Compiled once (read and locked): a profile is read by most steps of a visit. */
const profile = compiledOnce((k, p: { memberId: string }) => profileQuery(k, p.memberId));
const profileLocked = compiledOnce((k, p: { memberId: string }) => profileQuery(k, p.memberId).forUpdate());

/**
 * The share page's row in one statement: a profile that shares, of a member not suspended, with
 * the key its image links are bound to (a trigger changes it with share_enabled, migration 029).
 */
export function findSharedProfile(q: Queryable, memberId: string) {
  return typed(q)
    .selectFrom('profiles as p')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'p.user_id').on('u.suspended_at', 'is', null))
    .select(['u.display_name as name', sql<string | null>`to_char(p.birth_date, 'YYYY-MM-DD')`.as('birth_date'), 'p.place_id', 'p.share_key'])
    .where('p.user_id', '=', memberId)
    .where('p.share_enabled', '=', true)
    .executeTakeFirst();
}

export async function upsertProfile(q: Queryable, p: ProfileRow): Promise<void> {
  const { user_id: _key, ...values } = p;
  await typed(q)
    .insertInto('profiles')
    .values(p)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now() }))
    .execute();
}

export function emptyProfile(memberId: string): ProfileRow {
  return {
    user_id: memberId,
    about_me: '',
    looking_for: '',
    birth_date: null,
    gender: null,
    interested_in: [],
    age_min: 18,
    age_max: 99,
    place_id: null,
    share_enabled: false,
    interests: [],
  };
}

export interface PromptRow {
  promptId: string;
  answer: string;
}

/** The member's answered prompts in display order. */
export function findPrompts(q: Queryable, memberId: string): Promise<PromptRow[]> {
  return typed(q)
    .selectFrom('profile_prompts')
    .select(['prompt_id as promptId', 'answer'])
    .where('user_id', '=', memberId)
    .orderBy('position')
    .execute();
}

/** Replaces the member's prompts (inside the transaction that holds the profile row). */
export async function replacePrompts(q: Queryable, memberId: string, prompts: readonly PromptRow[]): Promise<void> {
  const k = typed(q);
  await k.deleteFrom('profile_prompts').where('user_id', '=', memberId).execute();
  if (prompts.length === 0) return;
  await k
    .insertInto('profile_prompts')
    .values(prompts.map((p, position) => ({ user_id: memberId, position, prompt_id: p.promptId, answer: p.answer })))
    .execute();
}

/** The member's name, unless the member is suspended: then nobody sees the profile or share page. */
export async function findShownName(q: Queryable, memberId: string): Promise<string | undefined> {
  const row = await typed(q).selectFrom('users').select('display_name').where('id', '=', memberId).where('suspended_at', 'is', null).executeTakeFirst();
  return row?.display_name;
}
