import type { Selectable } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { now, typed } from '../../db/kysely.js';
import type { Users } from '../../db/schema.js';

const COLUMNS = ['id', 'email', 'email_verified', 'password_hash', 'display_name', 'role', 'google_sub', 'premium_until', 'suspended_at', 'created_at', 'terms_version'] as const;

export type UserRow = Pick<Selectable<Users>, (typeof COLUMNS)[number]>;

export function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  return typed(q).selectFrom('users').select(COLUMNS).where('email', '=', email).executeTakeFirst();
}

export function findUserByGoogleSub(q: Queryable, sub: string): Promise<UserRow | undefined> {
  return typed(q).selectFrom('users').select(COLUMNS).where('google_sub', '=', sub).executeTakeFirst();
}

/**
 * Inserts unless the e-mail is taken (undefined on conflict), with the AGB version the sign-up
 * showed and its record in terms_acceptances, in the caller's transaction.
 */
export async function insertUser(
  q: Queryable,
  u: { id: string; email: string; passwordHash: string | null; displayName: string; emailVerified: boolean; googleSub: string | null; terms: { version: string; source: 'register' | 'google' } },
): Promise<UserRow | undefined> {
  const user = await typed(q)
    .insertInto('users')
    .values({
      id: u.id,
      email: u.email,
      password_hash: u.passwordHash,
      display_name: u.displayName,
      email_verified: u.emailVerified,
      google_sub: u.googleSub,
      terms_version: u.terms.version,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  if (user) await recordTermsAcceptance(q, user.id, u.terms.version, u.terms.source);
  return user;
}

/** Records that the member accepted `version` (once per version) and makes it the one in force for her. */
export async function recordTermsAcceptance(q: Queryable, id: string, version: string, source: 'register' | 'google' | 'update'): Promise<void> {
  await typed(q).insertInto('terms_acceptances').values({ user_id: id, version, source }).onConflict((oc) => oc.doNothing()).execute();
  await typed(q).updateTable('users').set({ terms_version: version }).where('id', '=', id).execute();
}

/** Marks the address confirmed; true when it was not before (the first confirmation). */
export async function markEmailVerified(q: Queryable, id: string): Promise<boolean> {
  const row = await typed(q)
    .updateTable('users')
    .set({ email_verified: true, updated_at: now() })
    .where('id', '=', id)
    .where('email_verified', '=', false)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setPasswordHash(q: Queryable, id: string, hash: string): Promise<void> {
  await typed(q).updateTable('users').set({ password_hash: hash, updated_at: now() }).where('id', '=', id).execute();
}

export async function linkGoogleSubject(q: Queryable, id: string, sub: string): Promise<void> {
  await typed(q).updateTable('users').set({ google_sub: sub, updated_at: now() }).where('id', '=', id).execute();
}
