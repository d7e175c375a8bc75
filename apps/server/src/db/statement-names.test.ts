import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/test-db.js';
import type { Db } from './client.js';
import { PLANNED_PER_RUN } from './statement-names.js';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await db.query('CREATE TABLE prepared_probe (a int)');
  await db.query('INSERT INTO prepared_probe VALUES (1), (2)');
});
afterAll(() => drop());

const PROBE = 'SELECT * FROM prepared_probe WHERE a = $1';

describe('statements run again and again', () => {
  it('run as prepared statements from the second run on, with the rows of the first', async () => {
    const runs = await db.transaction(async (tx) => {
      const rows = [];
      for (let i = 0; i < 3; i++) rows.push(await tx.query(PROBE, [1]));
      const prepared = await tx.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements WHERE statement = $1', [PROBE]);
      return { rows, prepared };
    });
    expect(runs.rows).toEqual([[{ a: 1 }], [{ a: 1 }], [{ a: 1 }]]);
    expect(runs.prepared).toEqual([{ statement: PROBE }]);
  });

  it('are planned on every run when their text ends so (never prepared)', async () => {
    const text = `SELECT a FROM prepared_probe WHERE a = $1 ORDER BY a LIMIT 1 ${PLANNED_PER_RUN}`;
    const prepared = await db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) expect(await tx.query(text, [1])).toEqual([{ a: 1 }]);
      return tx.query('SELECT statement FROM pg_prepared_statements WHERE statement = $1', [text]);
    });
    expect(prepared).toEqual([]);
  });

  it('still answer after their table changed, outside a transaction and inside one', async () => {
    for (let i = 0; i < 30; i++) expect(await db.query(PROBE, [2])).toEqual([{ a: 2 }]);
    await db.query('ALTER TABLE prepared_probe ADD COLUMN b int DEFAULT 7');
    // Enough runs to reach every connection of the pool that prepared the text before the change.
    for (let i = 0; i < 30; i++) expect(await db.query(PROBE, [2])).toEqual([{ a: 2, b: 7 }]);
    if (db.kind !== 'postgres') return; // PGlite's transactions are not run again (a schema change under a running server is PostgreSQL's case)
    await db.query('ALTER TABLE prepared_probe ADD COLUMN c int DEFAULT 8');
    let attempts = 0;
    const rows = await db.transaction(async (tx) => {
      attempts += 1;
      return tx.query(PROBE, [2]);
    });
    expect(rows).toEqual([{ a: 2, b: 7, c: 8 }]);
    expect(attempts).toBeLessThanOrEqual(2);
  });
});
