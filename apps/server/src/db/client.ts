import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

/** The only database surface the repos see: parameterised SQL and transactions. */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; on PostgreSQL, serialization failures are retried. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
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
    transaction(fn) {
      return lite.transaction((tx) =>
        fn({ query: async <T extends Row>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows }),
      );
    },
    async ping() {
      try {
        await lite.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => lite.close(),
  };
}

const RETRYABLE = new Set(['40001', '40P01']);

export function createPostgresDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', () => undefined); // idle client errors surface on the next query instead
  return {
    kind: 'postgres',
    async query<T extends Row>(sql: string, params?: unknown[]) {
      return (await pool.query<T>(sql, params)).rows;
    },
    async transaction(fn) {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await fn({
            query: async <T extends Row>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
          });
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          const code = (err as { code?: string }).code;
          if (code && RETRYABLE.has(code) && attempt < 5) continue;
          throw err;
        } finally {
          client.release();
        }
      }
    },
    async ping() {
      try {
        await pool.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}
