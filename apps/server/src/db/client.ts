import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { StatementNames } from './statement-names.js';

export type Row = Record<string, unknown>;

/** The only database surface the repos see: parameterised SQL and transactions. */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** The handle inside db.transaction: queries bound to that transaction, and what runs after it. */
export interface Tx extends Queryable {
  /**
   * Runs fn once after this transaction committed: never after a rollback, nor for an attempt that
   * was retried. Callbacks run in the order registered; one that throws reaches the caller.
   */
  afterCommit(fn: () => void): void;
  /** Runs a script of several statements (a migration file) whole, in this transaction. */
  exec(script: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; on PostgreSQL, serialization failures are retried. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// int8 (count(*), sums) as JS numbers, the same on both drivers; values stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export function createPgliteDb(dataDir: string | undefined): Db {
  const lite = new PGlite(dataDir);
  return {
    kind: 'pglite',
    async query<T extends Row>(sql: string, params?: unknown[]) {
      return (await lite.query<T>(sql, params)).rows;
    },
    async transaction(fn) {
      const committed: (() => void)[] = [];
      const result = await lite.transaction((tx) =>
        fn({
          query: async <T extends Row>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows,
          exec: async (script) => void (await tx.exec(script)),
          afterCommit: (cb) => void committed.push(cb),
        }),
      );
      runAll(committed);
      return result;
    },
    ping: () => answers(() => lite.query('SELECT 1')),
    close: () => lite.close(),
  };
}

/** Runs a transaction's afterCommit callbacks in order (once it has committed). */
export function runAll(callbacks: readonly (() => void)[]): void {
  for (const cb of callbacks) cb();
}

/** A health check: whether the database answered the query. */
export async function answers(query: () => Promise<unknown>): Promise<boolean> {
  try {
    await query();
    return true;
  } catch {
    return false;
  }
}

const RETRYABLE = new Set(['40001', '40P01']);
// The server ended the session (pg_terminate_backend, restart, failover) or the socket broke.
const CONNECTION_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const CONNECTION_MESSAGES = /Connection terminated|not queryable|connection timeout|timeout exceeded when trying to connect|Client was closed/i;

/** Whether err means the database connection was lost, not that the statement was wrong. */
export function isConnectionError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return (typeof code === 'string' && CONNECTION_CODES.has(code)) || CONNECTION_MESSAGES.test(err.message);
}

/** The database was unreachable, or the connection broke while COMMIT was on its way (outcome unknown). */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

const READ_ONLY = /^\s*SELECT\b/i;
/** PostgreSQL: "cached plan must not change result type" (a prepared statement's table changed). */
const PLAN_CHANGED = '0A000';

/**
 * Runs a statement through a pool or a pool's connection, under its name where it has one
 * (statement-names.ts). A named statement whose table changed since a connection prepared it is
 * named afresh: outside a transaction it runs again at once; inside one the error has aborted the
 * transaction, and `transaction` runs it again (the text's new name is prepared there).
 */
async function runNamed<T extends Row>(target: pg.Pool | pg.PoolClient, names: StatementNames, sql: string, params: unknown[] | undefined, inTransaction: boolean): Promise<T[]> {
  const name = params === undefined ? undefined : names.nameFor(sql);
  if (name === undefined) return (await target.query<T>(sql, params)).rows;
  try {
    return (await target.query<T>({ name, text: sql, values: params })).rows;
  } catch (err) {
    if ((err as { code?: string }).code !== PLAN_CHANGED) throw err;
    names.rename(sql);
    if (inTransaction) throw new PlanChangedError(err);
    return (await target.query<T>({ name: names.nameFor(sql), text: sql, values: params })).rows;
  }
}

class PlanChangedError extends Error {
  constructor(cause: unknown) {
    super('a prepared statement was renamed; the transaction runs again', { cause });
  }
}
const ATTEMPTS = 3;
const backoff = (attempt: number) => new Promise((r) => setTimeout(r, 25 * attempt));

/**
 * PostgreSQL through a pool. A lost connection is retried where that cannot apply a change twice:
 * a transaction that had not sent COMMIT yet (the server rolled it back), or a plain SELECT. A
 * connection lost during COMMIT leaves the outcome unknown: the caller gets DatabaseUnavailableError
 * (a 503), and a retry with the same Idempotency-Key or clientId finds what was committed.
 */
export function createPostgresDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5000 });
  pool.on('error', () => undefined); // idle client errors surface on the next query instead
  // A killed session can emit 'error' more than once (the FATAL message, then the closed socket),
  // also while the pool's own listener is detached; unhandled, that would end the process. Every
  // failure still reaches the query that was running or the next one.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const names = new StatementNames();
  return {
    kind: 'postgres',
    async query<T extends Row>(sql: string, params?: unknown[]) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await runNamed<T>(pool, names, sql, params, false);
        } catch (err) {
          if (!isConnectionError(err)) throw err;
          if (!READ_ONLY.test(sql) || attempt >= ATTEMPTS) throw new DatabaseUnavailableError('database connection lost', { cause: err });
          await backoff(attempt);
        }
      }
    },
    async transaction(fn) {
      for (let attempt = 1; ; attempt++) {
        let client: pg.PoolClient;
        try {
          client = await pool.connect();
        } catch (err) {
          if (attempt >= ATTEMPTS) throw new DatabaseUnavailableError('database unreachable', { cause: err });
          await backoff(attempt);
          continue;
        }
        // Registered in this attempt only: a retried attempt registers its own.
        const committed: (() => void)[] = [];
        let result: Awaited<ReturnType<typeof fn>>;
        let committing = false;
        let broken: Error | undefined;
        try {
          await client.query('BEGIN');
          result = await fn({
            query: <T extends Row>(sql: string, params?: unknown[]) => runNamed<T>(client, names, sql, params, true),
            exec: async (script) => void (await client.query(script)), // no parameters: the simple protocol takes several statements
            afterCommit: (cb) => void committed.push(cb),
          });
          committing = true;
          await client.query('COMMIT');
        } catch (err) {
          if (isConnectionError(err)) {
            broken = err as Error;
            if (committing || attempt >= ATTEMPTS) throw new DatabaseUnavailableError('database connection lost', { cause: err });
            await backoff(attempt);
            continue;
          }
          await client.query('ROLLBACK').catch(() => undefined);
          const code = (err as { code?: string }).code;
          if (((code && RETRYABLE.has(code)) || err instanceof PlanChangedError) && attempt < 5) continue;
          throw err;
        } finally {
          client.release(broken);
        }
        runAll(committed);
        return result;
      }
    },
    ping: () => answers(() => pool.query('SELECT 1')),
    close: () => pool.end(),
  };
}
