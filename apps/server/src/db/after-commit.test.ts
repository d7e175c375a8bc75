import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/test-db.js';
import type { Db } from './client.js';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterAll(() => drop());

/** An error as PostgreSQL reports a serialization failure. */
const serializationFailure = () => Object.assign(new Error('could not serialize access'), { code: '40001' });

describe('db.transaction afterCommit', () => {
  it('runs the callbacks once, in order, after COMMIT, when the change is visible outside', async () => {
    const seen: string[] = [];
    const result = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO app_secrets (name, value) VALUES ('after-commit', 'x')");
      tx.afterCommit(() => seen.push('first'));
      tx.afterCommit(() => seen.push('second'));
      expect(seen).toEqual([]);
      return 42;
    });
    expect(result).toBe(42);
    expect(seen).toEqual(['first', 'second']);
    expect(await db.query("SELECT value FROM app_secrets WHERE name = 'after-commit'")).toEqual([{ value: 'x' }]);
  });

  it('does not run them when the transaction rolls back', async () => {
    let ran = 0;
    await expect(
      db.transaction(async (tx) => {
        tx.afterCommit(() => ran++);
        await tx.query("INSERT INTO app_secrets (name, value) VALUES ('rolled-back', 'x')");
        throw new Error('nein');
      }),
    ).rejects.toThrow('nein');
    expect(ran).toBe(0);
    expect(await db.query("SELECT value FROM app_secrets WHERE name = 'rolled-back'")).toEqual([]);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('runs them once when a serialization failure made the transaction run again', async () => {
    let attempts = 0;
    const ran: number[] = [];
    await db.transaction(async (tx) => {
      attempts++;
      const attempt = attempts;
      tx.afterCommit(() => ran.push(attempt));
      if (attempt === 1) throw serializationFailure();
    });
    expect(attempts).toBe(2);
    expect(ran).toEqual([2]);
  });

  it.runIf(process.env.TEST_DB !== 'postgres')('on the embedded database a serialization failure is not retried, and nothing runs', async () => {
    let ran = 0;
    await expect(
      db.transaction(async (tx) => {
        tx.afterCommit(() => ran++);
        throw serializationFailure();
      }),
    ).rejects.toThrow('could not serialize');
    expect(ran).toBe(0);
  });
});
