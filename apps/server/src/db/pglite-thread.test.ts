import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb, type Db } from './client.js';
import { migrate } from './migrate.js';
import { createPgliteThreadDb } from './pglite-thread.js';

/**
 * The embedded database on its own thread must behave exactly like PGlite in the server's thread:
 * every check runs on both and compares what callers see (values, errors, transactions).
 */
const both: { name: string; db: Db }[] = [];
beforeAll(async () => {
  both.push({ name: 'in-thread', db: createPgliteDb(undefined) }, { name: 'worker thread', db: createPgliteThreadDb(undefined) });
  for (const { db } of both) await migrate(db);
});
afterAll(async () => {
  for (const { db } of both) await db.close();
});

const each = async <T>(fn: (db: Db) => Promise<T>): Promise<T[]> => Promise.all(both.map(({ db }) => fn(db)));

describe('PGlite on a worker thread', () => {
  it('returns the same values: dates, timestamps, counts, arrays, JSON, NULL, text with NUL-free unicode', async () => {
    const [a, b] = await each((db) =>
      db.query(
        `SELECT now()::date::text AS day, timestamptz '2026-11-27 10:00:00+01' AS at, count(*) AS n, ARRAY['a','ö']::text[] AS list,
                '{"x": [1, 2]}'::jsonb AS doc, NULL::text AS nothing, $1::int AS p, $2::text AS t, $3::uuid[] AS ids`,
        [42, 'Grüße 💌', ['00000000-0000-4000-8000-000000000001']],
      ),
    );
    expect(b).toEqual(a);
    expect(b?.[0]?.at).toBeInstanceOf(Date);
  });

  it('throws the same errors, with their PostgreSQL code and constraint, and stays usable', async () => {
    const errors = await each(async (db) => {
      await db.query("INSERT INTO app_secrets (name, value) VALUES ('dup', 'x')");
      const err = await db.query("INSERT INTO app_secrets (name, value) VALUES ('dup', 'y')").catch((e: unknown) => e);
      return err as Error & { code?: string; constraint?: string };
    });
    for (const err of errors) {
      expect(err).toBeInstanceOf(Error);
      expect(err.code).toBe('23505');
    }
    expect(errors[1]?.message).toBe(errors[0]?.message);
    expect(errors[1]?.constraint).toBe(errors[0]?.constraint);
    expect(await each((db) => db.query("SELECT value FROM app_secrets WHERE name = 'dup'"))).toEqual([[{ value: 'x' }], [{ value: 'x' }]]);
  });

  it('commits, rolls back on a throw (also after a failed statement), and runs afterCommit only on commit', async () => {
    const outcomes = await each(async (db) => {
      const seen: string[] = [];
      const value = await db.transaction(async (tx) => {
        await tx.query("INSERT INTO app_secrets (name, value) VALUES ('kept', '1')");
        tx.afterCommit(() => seen.push('committed'));
        return (await tx.query<{ value: string }>("SELECT value FROM app_secrets WHERE name = 'kept'"))[0]?.value;
      });
      const thrown = await db
        .transaction(async (tx) => {
          tx.afterCommit(() => seen.push('never'));
          await tx.query("INSERT INTO app_secrets (name, value) VALUES ('gone', '1')");
          await tx.query('SELECT 1/0');
        })
        .catch((e: unknown) => (e as { code?: string }).code);
      const rows = await db.query("SELECT name FROM app_secrets WHERE name IN ('kept', 'gone') ORDER BY name");
      return { value, seen, thrown, rows };
    });
    expect(outcomes[0]).toEqual({ value: '1', seen: ['committed'], thrown: '22012', rows: [{ name: 'kept' }] });
    expect(outcomes[1]).toEqual(outcomes[0]);
  });

  it('runs parallel transactions one at a time on the one connection: no increment is lost', async () => {
    const { db } = both[1]!;
    await db.query("INSERT INTO app_secrets (name, value) VALUES ('counter', '0')");
    await Promise.all(
      Array.from({ length: 25 }, () =>
        db.transaction(async (tx) => {
          const [row] = await tx.query<{ value: string }>("SELECT value FROM app_secrets WHERE name = 'counter'");
          await new Promise((r) => setTimeout(r, 1)); // other requests' statements arrive meanwhile
          await tx.query("UPDATE app_secrets SET value = $1 WHERE name = 'counter'", [String(Number(row?.value) + 1)]);
        }),
      ),
    );
    expect(await db.query("SELECT value FROM app_secrets WHERE name = 'counter'")).toEqual([{ value: '25' }]);
  });

  it('answers statements sent at once right after opening, before the database has started', async () => {
    const db = createPgliteThreadDb(undefined);
    const rows = await Promise.all(Array.from({ length: 20 }, (_, i) => db.query<{ n: number }>('SELECT $1::int AS n', [i])));
    expect(rows.map((r) => r[0]?.n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    await db.close();
  });

  it('runs a migration script whole inside a transaction, and fails calls after close', async () => {
    const db = createPgliteThreadDb(undefined);
    await db.transaction((tx) => tx.exec('CREATE TABLE t (x int); INSERT INTO t VALUES (1), (2);'));
    expect(await db.query('SELECT sum(x) AS s FROM t')).toEqual([{ s: 3 }]);
    expect(await db.ping()).toBe(true);
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow(/embedded database thread ended/);
    expect(await db.ping()).toBe(false);
  });
});

/** The worker runs a text it has run before as a named prepared statement (pglite-prepared.mjs): callers must not tell. */
describe('PGlite on a worker thread: statements run again (prepared)', () => {
  const thrice = async <T>(db: Db, fn: () => Promise<T>): Promise<T[]> => [await fn(), await fn(), await fn()];

  it('returns the same values on every run', async () => {
    const sql = `SELECT now()::date::text AS day, count(*) AS n, ARRAY['a','ö']::text[] AS list, '{"x": [1]}'::jsonb AS doc,
                        NULL::text AS nothing, $1::int AS p, $2::text AS t, $3::uuid[] AS ids, $4::date AS d, $5::boolean AS b`;
    const params = [7, 'Grüße 💌', ['00000000-0000-4000-8000-000000000002'], '2026-11-27', false];
    const [a, b] = await each((db) => thrice(db, () => db.query(sql, params)));
    expect(b).toEqual(a);
    expect(new Set(b?.map((rows) => JSON.stringify(rows))).size).toBe(1);
    // Other values through the same prepared statement: bound per run, nothing kept from the last one.
    const [c, d] = await each((db) => db.query(sql, [8, null, [], '2000-02-29', true]));
    expect(d).toEqual(c);
    expect(d?.[0]).toMatchObject({ p: 8, t: null, ids: [], b: true });
  });

  it('throws the same errors for bad values and stays usable, in a transaction too', async () => {
    const sql = 'SELECT $1::uuid AS id';
    const good = '00000000-0000-4000-8000-000000000003';
    const outcomes = await each(async (db) => {
      await thrice(db, () => db.query(sql, [good]));
      const bad = await db.query(sql, ['kein-uuid']).catch((e: unknown) => e as Error & { code?: string });
      const after = await db.query(sql, [good]);
      const inTx = await db
        .transaction(async (tx) => {
          await tx.query("INSERT INTO app_secrets (name, value) VALUES ('prepared-tx', '1')");
          await tx.query(sql, ['kein-uuid']);
        })
        .catch((e: unknown) => (e as { code?: string }).code);
      const kept = await db.query("SELECT 1 FROM app_secrets WHERE name = 'prepared-tx'");
      return { code: bad instanceof Error ? bad.code : 'no error', message: bad instanceof Error ? bad.message : '', after, inTx, kept };
    });
    expect(outcomes[0]).toMatchObject({ code: '22P02', after: [{ id: good }], inTx: '22P02', kept: [] });
    expect(outcomes[1]).toEqual(outcomes[0]);
  });

  it('answers from the changed table after its columns change under a prepared SELECT *', async () => {
    const results = await each(async (db) => {
      await db.transaction((tx) => tx.exec('CREATE TABLE reshaped (x int); INSERT INTO reshaped VALUES (1);'));
      await thrice(db, () => db.query('SELECT * FROM reshaped'));
      await db.transaction((tx) => tx.exec('ALTER TABLE reshaped ADD COLUMN y int DEFAULT 2;'));
      return db.query('SELECT * FROM reshaped');
    });
    expect(results).toEqual([[{ x: 1, y: 2 }], [{ x: 1, y: 2 }]]);
  });

  it('keeps answering when more texts have run than are kept prepared', async () => {
    const { db } = both[1]!;
    const texts = Array.from({ length: 300 }, (_, i) => `SELECT ${i} AS n, $1::int AS p`);
    for (const sql of texts) await thrice(db, () => db.query(sql, [1]));
    for (const [i, sql] of texts.entries()) expect(await db.query(sql, [2])).toEqual([{ n: i, p: 2 }]);
  });

  it('never runs a statement from outside inside another caller\'s open transaction', async () => {
    const { db } = both[1]!;
    const count = "SELECT count(*) AS n FROM app_secrets WHERE name = 'uncommitted'";
    await thrice(db, () => db.query(count)); // prepared from here on
    let outside: Promise<{ n: number }[]> | undefined;
    const rolledBack = await db
      .transaction(async (tx) => {
        await tx.query("INSERT INTO app_secrets (name, value) VALUES ('uncommitted', '1')");
        outside = db.query<{ n: number }>(count);
        await new Promise((r) => setTimeout(r, 20)); // the outside statement reaches the thread meanwhile
        throw new Error('roll back');
      })
      .catch((e: unknown) => (e as Error).message);
    expect(rolledBack).toBe('roll back');
    expect(await outside).toEqual([{ n: 0 }]);
  });
});

describe('where the connection time went (DB_STATS_FILE)', () => {
  it('counts statements, and transactions by their first statement with the time no statement of theirs ran', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'funkeln-dbstats-'));
    const file = join(dir, 'stats.json');
    const db = createPgliteThreadDb(undefined, { statsFile: file });
    try {
      for (let i = 0; i < 2; i++) {
        await db.transaction(async (tx) => {
          await tx.query('SELECT 1 AS first');
          await new Promise((r) => setTimeout(r, 30)); // the server's JavaScript between statements
          await tx.query('SELECT 2 AS second');
        });
      }
      await db.query('SELECT 3 AS alone');
    } finally {
      await db.close();
    }
    const stats = JSON.parse(readFileSync(file, 'utf8')) as {
      statements: { sql: string; count: number }[];
      transactions: { count: number; idleMs: number; byFirst: { sql: string; count: number; statements: number; heldMs: number; idleMs: number }[] };
    };
    rmSync(dir, { recursive: true, force: true });
    expect(stats.statements.find((s) => s.sql === 'SELECT 3 AS alone')?.count).toBe(1);
    expect(stats.transactions.count).toBe(2);
    expect(stats.transactions.byFirst).toHaveLength(1);
    const [kind] = stats.transactions.byFirst;
    expect(kind).toMatchObject({ sql: 'SELECT 1 AS first', count: 2, statements: 4 });
    expect(kind!.idleMs).toBeGreaterThanOrEqual(50);
    expect(kind!.heldMs).toBeGreaterThan(kind!.idleMs);
  });
});
