import { sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { typed } from '../../db/kysely.js';

/** The message under a row lock (inside a transaction), with whether the team removed it already. */
export function lockMessage(q: Queryable, id: string) {
  return typed(q)
    .selectFrom('messages')
    .select(['sender_id', 'created_at', 'body', sql<boolean>`removed_body IS NOT NULL`.as('removed')])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Replaces the body with `placeholder`, keeping the words in removed_body (for a reversal). The
 * recipient's hints ("Stört dich das?", the scam hint) go with the words: a person has looked at it
 * now, and a message the team restores is one it found acceptable.
 */
export async function removeBody(q: Queryable, id: string, placeholder: string): Promise<void> {
  await typed(q).updateTable('messages').set({ body: placeholder, removed_body: sql<string>`body`, nudge: null, scam_hint: null }).where('id', '=', id).where('removed_body', 'is', null).execute();
}

/** Puts a removed message's words back (nothing when it is not removed or gone). */
export async function restoreBody(q: Queryable, id: string): Promise<void> {
  await typed(q).updateTable('messages').set({ body: sql<string>`removed_body`, removed_body: null }).where('id', '=', id).where('removed_body', 'is not', null).execute();
}
