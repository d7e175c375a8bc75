import type { Queryable } from '../../db/client.js';
import type { TokenKind } from './tokens.repo.js';

export interface MailRequestRow {
  id: number;
  kind: TokenKind;
  email: string;
}

export async function insertMailRequest(q: Queryable, kind: TokenKind, email: string): Promise<void> {
  await q.query('INSERT INTO mail_requests (kind, email) VALUES ($1, $2)', [kind, email]);
}

/** Locks the oldest request no other process holds, for the rest of the transaction. */
export async function lockNextMailRequest(q: Queryable): Promise<MailRequestRow | undefined> {
  const rows = await q.query<MailRequestRow & Record<string, unknown>>(
    'SELECT id, kind, email FROM mail_requests ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED',
  );
  return rows[0];
}

export async function deleteMailRequest(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM mail_requests WHERE id = $1', [id]);
}

/** Counts a failed try; the request is dropped once it has failed maxAttempts times. */
export async function recordMailRequestFailure(q: Queryable, id: number, maxAttempts: number): Promise<void> {
  await q.query('UPDATE mail_requests SET attempts = attempts + 1 WHERE id = $1', [id]);
  await q.query('DELETE FROM mail_requests WHERE id = $1 AND attempts >= $2', [id, maxAttempts]);
}
