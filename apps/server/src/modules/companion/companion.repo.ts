import { type Selectable, sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { typed } from '../../db/kysely.js';
import type { CompanionMemories, CompanionMessages } from '../../db/schema.js';

export type MemoryRow = Pick<Selectable<CompanionMemories>, 'id' | 'content' | 'tags' | 'created_at' | 'fact_key'>;
type Turn = Pick<Selectable<CompanionMessages>, 'role' | 'content'>;

const MEMORY = ['id', 'content', 'tags', 'created_at', 'fact_key'] as const;

/** A new conversation with its first turn, the companion's greeting: one statement (no transaction around two). */
export async function startConversation(q: Queryable, id: string, memberId: string, greeting: string): Promise<void> {
  await typed(q)
    .with('c', (db) => db.insertInto('companion_conversations').values({ id, user_id: memberId }).returning('id'))
    .insertInto('companion_messages')
    .columns(['conversation_id', 'role', 'content'])
    .expression((eb) => eb.selectFrom('c').select((s) => ['c.id', s.val('assistant').as('role'), s.val(greeting).as('content')]))
    .execute();
}

export function listConversations(q: Queryable, memberId: string) {
  return typed(q)
    .selectFrom('companion_conversations')
    .select(['id', 'title', 'started_at'])
    .where('user_id', '=', memberId)
    .orderBy('started_at', 'desc')
    .orderBy('id')
    .limit(200)
    .execute();
}

/**
 * A message and its reply in one statement: the turns in the given order (their ids follow the
 * VALUES list), and the conversation titled after the member's first message.
 */
export async function insertTurns(q: Queryable, conversationId: string, turns: Turn[], title: string): Promise<void> {
  await typed(q)
    .with('titled', (db) => db.updateTable('companion_conversations').set({ title }).where('id', '=', conversationId).where('title', '=', 'Neue Unterhaltung'))
    .insertInto('companion_messages')
    .values(turns.map((t) => ({ conversation_id: conversationId, role: t.role, content: t.content })))
    .execute();
}

/**
 * The newest turns of the member's conversation, oldest first; undefined when the conversation is
 * not theirs (or gone). One statement: the conversation, joined to its turns.
 */
export async function conversationTurns(q: Queryable, conversationId: string, memberId: string, limit: number) {
  const rows = await typed(q)
    .selectFrom('companion_conversations as c')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('companion_messages as m')
          .select(['m.id', 'm.role', 'm.content', 'm.created_at'])
          .whereRef('m.conversation_id', '=', 'c.id')
          .orderBy('m.id', 'desc')
          .limit(limit)
          .as('t'),
      (join) => join.onTrue(),
    )
    .select(['t.role', 't.content', 't.created_at'])
    .where('c.id', '=', conversationId)
    .where('c.user_id', '=', memberId)
    .orderBy('t.id')
    .execute();
  if (rows.length === 0) return undefined;
  // A conversation without turns is one row of nulls (the left join's).
  return rows.flatMap(({ role, content, created_at }) => (role === null || content === null || created_at === null ? [] : [{ role, content, created_at }]));
}

export function insertMemory(q: Queryable, m: { id: string; memberId: string; content: string; tags: string[] }): Promise<MemoryRow> {
  return typed(q)
    .insertInto('companion_memories')
    .values({
      id: m.id,
      user_id: m.memberId,
      content: m.content,
      tags: sql<string[]>`${m.tags}::text[]`,
      search: sql<string>`to_tsvector('german', ${m.content} || ' ' || array_to_string(${m.tags}::text[], ' '))`,
    })
    .returning(MEMORY)
    .executeTakeFirstOrThrow();
}

export function listMemories(q: Queryable, memberId: string): Promise<MemoryRow[]> {
  return typed(q).selectFrom('companion_memories').select(MEMORY).where('user_id', '=', memberId).orderBy('created_at', 'desc').orderBy('id').limit(500).execute();
}

export async function deleteMemory(q: Queryable, id: string, memberId: string): Promise<boolean> {
  const row = await typed(q).deleteFrom('companion_memories').where('id', '=', id).where('user_id', '=', memberId).returning('id').executeTakeFirst();
  return row !== undefined;
}

/** The facts learned from the member's own messages, oldest first (at most `limit`, the bound on how many are kept). */
export function learnedFacts(q: Queryable, memberId: string, limit: number): Promise<string[]> {
  return typed(q)
    .selectFrom('companion_memories')
    .select('content')
    .where('user_id', '=', memberId)
    .where('fact_key', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute()
    .then((rows) => rows.map((r) => r.content));
}

/**
 * One member's facts are written one transaction at a time: the count the cap reads below is then
 * the committed one (parallel messages on PostgreSQL each saw the old count and went past the cap:
 * red team, session 60). A transaction-scoped advisory lock keyed by the member, released at commit.
 */
export async function lockFactsOf(q: Queryable, memberId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`companion-facts:${memberId}`}, 0))`.execute(typed(q));
}

/**
 * Keeps a learned fact, one statement: a newer one of the same key replaces the older; a new key
 * only while the member has fewer than `max` facts; nothing when a memory of hers says it already.
 * Whether a row was written comes back. The clock's time, not the transaction's: the facts of one
 * message keep their order.
 */
export async function upsertFact(q: Queryable, f: { id: string; memberId: string; key: string; content: string; max: number }): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO companion_memories (id, user_id, content, tags, search, fact_key, created_at)
    SELECT ${f.id}, ${f.memberId}, ${f.content}, '{}', to_tsvector('german', ${f.content}), ${f.key}, clock_timestamp()
     WHERE NOT EXISTS (SELECT 1 FROM companion_memories WHERE user_id = ${f.memberId} AND lower(content) = lower(${f.content}))
       AND (EXISTS (SELECT 1 FROM companion_memories WHERE user_id = ${f.memberId} AND fact_key = ${f.key})
            OR (SELECT count(*) FROM companion_memories WHERE user_id = ${f.memberId} AND fact_key IS NOT NULL) < ${f.max})
    ON CONFLICT (user_id, fact_key) WHERE fact_key IS NOT NULL
    DO UPDATE SET content = EXCLUDED.content, search = EXCLUDED.search, created_at = EXCLUDED.created_at
    RETURNING id`.execute(typed(q));
  return rows.length > 0;
}

/**
 * The saved memories most relevant to a message (German full-text search over content and tags, one
 * of its words suffices), then the newest ones, without duplicates. Kysely's sql template (two ranked CTEs
 * joined by UNION ALL); the row is typed from the schema.
 */
export async function relevantMemories(q: Queryable, memberId: string, words: string[], limit: number, newest: number): Promise<(MemoryRow & { relevant: boolean })[]> {
  const tsquery = words.map((w) => `'${w}'`).join(' | ');
  const { rows } = await sql<MemoryRow & { relevant: boolean }>`
    WITH query AS (SELECT to_tsquery('german', ${tsquery}) AS tsq WHERE ${tsquery} <> ''),
     relevant AS (
       SELECT m.id, m.content, m.tags, m.created_at, m.fact_key, ts_rank(m.search, query.tsq) AS rank
         FROM companion_memories m, query
        WHERE m.user_id = ${memberId} AND m.fact_key IS NULL AND m.search @@ query.tsq
        ORDER BY rank DESC, m.created_at DESC LIMIT ${limit}
     ),
     recent AS (
       SELECT id, content, tags, created_at, fact_key, 0::real AS rank FROM companion_memories
        WHERE user_id = ${memberId} AND fact_key IS NULL AND id NOT IN (SELECT id FROM relevant) ORDER BY created_at DESC LIMIT ${newest}
     )
     SELECT id, content, tags, created_at, fact_key, part = 0 AS relevant FROM (SELECT *, 0 AS part FROM relevant UNION ALL SELECT *, 1 FROM recent) x
      ORDER BY part, rank DESC, created_at DESC`.execute(typed(q));
  return rows;
}
