import type { Queryable } from '../../db/client.js';
import { typed } from '../../db/kysely.js';
import type { TokenKind } from './tokens.repo.js';

export async function insertMailRequest(q: Queryable, kind: TokenKind, email: string): Promise<void> {
  await typed(q).insertInto('mail_requests').values({ kind, email }).execute();
}

/** Locks the oldest request no other process holds, for the rest of the transaction. */
export function lockNextMailRequest(q: Queryable) {
  return typed(q).selectFrom('mail_requests').select(['id', 'kind', 'email']).orderBy('id').limit(1).forUpdate().skipLocked().executeTakeFirst();
}

export async function deleteMailRequest(q: Queryable, id: number): Promise<void> {
  await typed(q).deleteFrom('mail_requests').where('id', '=', id).execute();
}

/** Counts a failed try; the request is dropped once it has failed maxAttempts times. */
export async function recordMailRequestFailure(q: Queryable, id: number, maxAttempts: number): Promise<void> {
  const k = typed(q);
  await k.updateTable('mail_requests').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', id).execute();
  await k.deleteFrom('mail_requests').where('id', '=', id).where('attempts', '>=', maxAttempts).execute();
}
