import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { blockedEitherWay } from '../modules/blocks/index.js';
import type { Queryable } from './client.js';
import { compiledOnce } from './compiled-query.js';
import { typed } from './kysely.js';
import type { DB } from './schema.js';

/** A Queryable that records what it is sent. */
function recorder() {
  const sent: { sql: string; params: unknown[] }[] = [];
  const q: Queryable = {
    query: async <T,>(text: string, params?: unknown[]) => {
      sent.push({ sql: text, params: params ?? [] });
      return [{ text }] as T[];
    },
  };
  return { q, sent };
}

type Params = { id: string; actorId: string; kind: 'like' | 'skip'; at: Date };

/** Values in every place a repo puts them: where, a CTE's insert (.values and sql.val), a correlated block check, a template, beside values fixed in the builder (a limit is written into the text). */
const build = (k: Kysely<DB>, p: Params) =>
  k
    .with('target', (db) =>
      db
        .selectFrom('users as u')
        .select(['u.id', 'u.is_demo'])
        .where('u.id', '=', p.id)
        .where('u.display_name', '<>', 'fixed')
        .where(({ eb, not }) => not(blockedEitherWay(p.actorId, eb.ref('u.id')))),
    )
    .with('inserted', (db) =>
      db
        .insertInto('swipes')
        .columns(['id', 'actor_id', 'target_id', 'kind'])
        .expression((eb) => eb.selectFrom('target').select([sql.val(p.id).as('id'), sql.val(p.actorId).as('actor_id'), 'target.id', sql.val(p.kind).as('kind')]))
        .returning('id'),
    )
    .selectFrom('target')
    .select(['target.is_demo', sql<Date>`${p.at}::timestamptz`.as('at')])
    .limit(1);

describe('compiledOnce', () => {
  it('sends what Kysely builds for the same values, text and parameters, call after call', async () => {
    const compiled = compiledOnce(build);
    for (let i = 0; i < 3; i++) {
      const params: Params = { id: randomUUID(), actorId: randomUUID(), kind: i % 2 ? 'like' : 'skip', at: new Date(1_700_000_000_000 + i) };
      const { q, sent } = recorder();
      const rows = await compiled.execute(q, params);
      const direct = build(typed(q), params).compile();
      expect(sent).toEqual([{ sql: direct.sql, params: [...direct.parameters] }]);
      expect(rows).toEqual([{ text: direct.sql }]);
    }
    expect(compiled.sql()).toBe(build(typed(recorder().q), { id: '', actorId: '', kind: 'like', at: new Date() }).compile().sql);
  });

  it('takeFirst answers the first row', async () => {
    const { q } = recorder();
    const first = await compiledOnce(build).takeFirst(q, { id: randomUUID(), actorId: randomUUID(), kind: 'like', at: new Date() });
    expect(first).toMatchObject({ text: expect.stringContaining('with "target" as') });
  });

  it('refuses a call without a value for a parameter the query uses', async () => {
    const { q, sent } = recorder();
    const partial = { id: randomUUID(), kind: 'like', at: new Date() } as unknown as Params;
    await expect(compiledOnce(build).execute(q, partial)).rejects.toThrow('no value for the parameter actorId');
    expect(sent).toEqual([]);
  });
});
