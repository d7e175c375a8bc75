import type { Queryable } from '../../db/client.js';

export interface UserRow {
  id: string;
  email: string;
  email_verified: boolean;
  password_hash: string | null;
  display_name: string;
  role: 'member' | 'admin';
  google_sub: string | null;
  premium_until: Date | null;
  suspended_at: Date | null;
  created_at: Date;
}

const COLUMNS = 'id, email, email_verified, password_hash, display_name, role, google_sub, premium_until, suspended_at, created_at';

async function one(q: Queryable, sql: string, params: unknown[]): Promise<UserRow | undefined> {
  return (await q.query<UserRow & Record<string, unknown>>(sql, params))[0];
}

export function findUserById(q: Queryable, id: string) {
  return one(q, `SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
}

export function findUserByEmail(q: Queryable, email: string) {
  return one(q, `SELECT ${COLUMNS} FROM users WHERE email = $1`, [email]);
}

export function findUserByGoogleSub(q: Queryable, sub: string) {
  return one(q, `SELECT ${COLUMNS} FROM users WHERE google_sub = $1`, [sub]);
}

/** Inserts unless the e-mail is taken; returns undefined on conflict. */
export function insertUser(
  q: Queryable,
  u: { id: string; email: string; passwordHash: string | null; displayName: string; emailVerified: boolean; googleSub: string | null },
) {
  return one(
    q,
    `INSERT INTO users (id, email, password_hash, display_name, email_verified, google_sub)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (email) DO NOTHING RETURNING ${COLUMNS}`,
    [u.id, u.email, u.passwordHash, u.displayName, u.emailVerified, u.googleSub],
  );
}

export async function markEmailVerified(q: Queryable, id: string): Promise<void> {
  await q.query('UPDATE users SET email_verified = true, updated_at = now() WHERE id = $1', [id]);
}

export async function setPasswordHash(q: Queryable, id: string, hash: string): Promise<void> {
  await q.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [id, hash]);
}

export async function linkGoogleSubject(q: Queryable, id: string, sub: string): Promise<void> {
  await q.query('UPDATE users SET google_sub = $2, updated_at = now() WHERE id = $1', [id, sub]);
}
