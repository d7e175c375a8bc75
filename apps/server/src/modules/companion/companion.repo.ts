import type { Queryable } from '../../db/client.js';

export type ConversationRow = { id: string; title: string; started_at: Date };
export type TurnRow = { role: 'user' | 'assistant'; content: string; created_at: Date };
export type MemoryRow = { id: string; content: string; tags: string[]; created_at: Date };

export async function insertConversation(q: Queryable, id: string, userId: string): Promise<void> {
  await q.query('INSERT INTO companion_conversations (id, user_id) VALUES ($1, $2)', [id, userId]);
}

export function listConversations(q: Queryable, userId: string): Promise<ConversationRow[]> {
  return q.query<ConversationRow>('SELECT id, title, started_at FROM companion_conversations WHERE user_id = $1 ORDER BY started_at DESC, id LIMIT 200', [userId]);
}

/** The conversation if it belongs to the member (anyone else gets nothing). */
export async function findConversation(q: Queryable, id: string, userId: string): Promise<ConversationRow | undefined> {
  return (await q.query<ConversationRow>('SELECT id, title, started_at FROM companion_conversations WHERE id = $1 AND user_id = $2', [id, userId]))[0];
}

export async function setTitle(q: Queryable, id: string, title: string): Promise<void> {
  await q.query("UPDATE companion_conversations SET title = $2 WHERE id = $1 AND title = 'Neue Unterhaltung'", [id, title]);
}

export async function insertTurns(q: Queryable, conversationId: string, turns: { role: 'user' | 'assistant'; content: string }[]): Promise<void> {
  await q.query(
    'INSERT INTO companion_messages (conversation_id, role, content) SELECT $1, r, c FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(r, c, n) ORDER BY n',
    [conversationId, turns.map((t) => t.role), turns.map((t) => t.content)],
  );
}

/** The newest turns, oldest first. */
export async function recentTurns(q: Queryable, conversationId: string, limit: number): Promise<TurnRow[]> {
  const rows = await q.query<TurnRow>(
    'SELECT role, content, created_at FROM companion_messages WHERE conversation_id = $1 ORDER BY id DESC LIMIT $2',
    [conversationId, limit],
  );
  return rows.reverse();
}

export async function insertMemory(q: Queryable, m: { id: string; userId: string; content: string; tags: string[] }): Promise<MemoryRow> {
  const rows = await q.query<MemoryRow>(
    `INSERT INTO companion_memories (id, user_id, content, tags, search)
     VALUES ($1, $2, $3, $4::text[], to_tsvector('german', $3 || ' ' || array_to_string($4::text[], ' ')))
     RETURNING id, content, tags, created_at`,
    [m.id, m.userId, m.content, m.tags],
  );
  return rows[0]!;
}

export function listMemories(q: Queryable, userId: string): Promise<MemoryRow[]> {
  return q.query<MemoryRow>('SELECT id, content, tags, created_at FROM companion_memories WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT 500', [userId]);
}

export async function deleteMemory(q: Queryable, id: string, userId: string): Promise<boolean> {
  return (await q.query('DELETE FROM companion_memories WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId])).length === 1;
}

/**
 * The memories most relevant to a message (German full-text search over content and tags, any of
 * its words), then the newest ones, without duplicates.
 */
export function relevantMemories(q: Queryable, userId: string, words: string[], limit: number, newest: number): Promise<(MemoryRow & { relevant: boolean })[]> {
  return q.query<MemoryRow & { relevant: boolean }>(
    `WITH query AS (SELECT to_tsquery('german', $2) AS tsq WHERE $2 <> ''),
     relevant AS (
       SELECT m.id, m.content, m.tags, m.created_at, ts_rank(m.search, query.tsq) AS rank
         FROM companion_memories m, query
        WHERE m.user_id = $1 AND m.search @@ query.tsq
        ORDER BY rank DESC, m.created_at DESC LIMIT $3
     ),
     recent AS (
       SELECT id, content, tags, created_at, 0::real AS rank FROM companion_memories
        WHERE user_id = $1 AND id NOT IN (SELECT id FROM relevant) ORDER BY created_at DESC LIMIT $4
     )
     SELECT id, content, tags, created_at, part = 0 AS relevant FROM (SELECT *, 0 AS part FROM relevant UNION ALL SELECT *, 1 FROM recent) x
      ORDER BY part, rank DESC, created_at DESC`,
    [userId, words.map((w) => `'${w}'`).join(' | '), limit, newest],
  );
}
