import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type LimitNode,
  type OffsetNode,
  type OperationNode,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type RawBuilder,
  sql,
  ValueNode,
} from 'kysely';
import type { Queryable, Row } from './client.js';
import type { DB } from './schema.js';
import { PLANNED_PER_RUN } from './statement-names.js';

/**
 * A connection that sends Kysely's compiled SQL through one of our Queryables (the database, a
 * transaction, or a wrapper around either), so that retries, the 503 on a lost connection and the
 * transaction the caller is in stay with db/client.ts.
 */
class QueryableConnection implements DatabaseConnection {
  constructor(private readonly q: Queryable) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const rows = await this.q.query<Row>(compiled.sql, [...compiled.parameters]);
    return { rows: rows as R[] };
  }

  /** Refuses at the call: nothing here streams. */
  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported: page with LIMIT instead');
  }
}

class QueryableDriver implements Driver {
  private readonly connection: QueryableConnection;

  constructor(q: Queryable) {
    this.connection = new QueryableConnection(q);
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
  // Transactions belong to db.transaction (retries, after-commit callbacks), not to Kysely.
  beginTransaction(): Promise<void> {
    return Promise.reject(new Error('use db.transaction(async (tx) => ...) and typed(tx)'));
  }
  commitTransaction(): Promise<void> {
    return this.beginTransaction();
  }
  rollbackTransaction(): Promise<void> {
    return this.beginTransaction();
  }
}

/** Kysely's PostgreSQL dialect, executing through q. */
export function queryableDialect(q: Queryable): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new QueryableDriver(q),
    createQueryCompiler: () => new FunkelnQueryCompiler(),
    createIntrospector: (db) => new PostgresIntrospector(db),
  };
}

/** A whole, non-negative count as a literal node; undefined for anything else (left a parameter). */
function literalCount(node: OperationNode): OperationNode | undefined {
  if (!ValueNode.is(node) || typeof node.value !== 'number' || !Number.isSafeInteger(node.value) || node.value < 0) return undefined;
  return ValueNode.createImmediate(node.value);
}

/**
 * PostgreSQL's compiler with LIMIT and OFFSET counts in the statement text, not as parameters.
 * Statements run again and again are prepared (db/statement-names.ts, pglite-prepared.mjs), and
 * PostgreSQL may then keep one generic plan for all values; a generic plan knows nothing of a
 * parameter's count and assumes a tenth of the rows, so `LIMIT $3` over the month's scores ranked
 * them all (the running Top10: 0.4 ms with the value known, 9.5 ms with the generic plan, in
 * bench:load on PostgreSQL). The counts are few (page sizes), so the texts stay few.
 */
class FunkelnQueryCompiler extends PostgresQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    super.visitLimit({ ...node, limit: literalCount(node.limit) ?? node.limit });
  }

  protected override visitOffset(node: OffsetNode): void {
    super.visitOffset({ ...node, offset: literalCount(node.offset) ?? node.offset });
  }
}

const handles = new WeakMap<Queryable, Kysely<DB>>();

/**
 * The typed query builder over q (the database or a transaction handle): what a repo writes its
 * queries with. Built once per handle; a transaction's is bound to that transaction.
 */
export function typed(q: Queryable): Kysely<DB> {
  let k = handles.get(q);
  if (!k) {
    k = new Kysely<DB>({ dialect: queryableDialect(q) });
    handles.set(q, k);
  }
  return k;
}

/** The database's now() (the transaction's start time), not the JS clock: for timestamps a query sets. */
export const now = (): RawBuilder<Date> => sql<Date>`now()`;

/** now() plus `seconds` (a parameter), as `now() + make_interval(secs => $n)`. */
export const secondsFromNow = (seconds: number): RawBuilder<Date> => sql<Date>`now() + make_interval(secs => ${seconds})`;

/** now() minus `seconds` (a parameter). */
export const secondsAgo = (seconds: number): RawBuilder<Date> => sql<Date>`now() - make_interval(secs => ${seconds})`;

/**
 * A list of ids as one uuid[] parameter, for `= ANY(...)`: one statement text however many ids
 * (an IN list has a parameter per id, so PostgreSQL parses and plans each length anew).
 */
export const uuidArray = (ids: readonly string[]): RawBuilder<string[]> => sql<string[]>`${ids}::uuid[]`;

/**
 * "Equal to some element of the array": `.where('user_id', '=', among(uuidArray(ids)))`, written with
 * SQL's SOME, the standard's synonym of the array comparison PostgreSQL documents as ANY.
 */
export const among = <T>(array: RawBuilder<T[]>): RawBuilder<T> => sql<T>`SOME(${array})`;

/** Appended to a statement (`.modifyEnd(plannedPerRun())`) that must be planned for the table as it is on every run (statement-names.ts). */
export const plannedPerRun = (): RawBuilder<unknown> => sql.raw(PLANNED_PER_RUN);

/** Today's date in Europe/Berlin by the database's clock, `(now() AT TIME ZONE 'Europe/Berlin')::date`: the day daily counters count in. */
export const berlinToday = (): RawBuilder<Date> => sql<Date>`(now() AT TIME ZONE 'Europe/Berlin')::date`;

/**
 * Selected by a statement that runs on its own (outside db.transaction, so the statement is its
 * transaction): its commit does not wait for PostgreSQL to flush the WAL to disk
 * (`synchronous_commit = off` for that transaction only). Every other statement sees the write at
 * once, as usual. Only a crash of PostgreSQL itself can lose it, within about 0.6 s of its commit
 * (3 x wal_writer_delay), and never out of order: a later commit that waits for its flush flushes
 * this one too. For writes worth that trade (a swipe), never for credits, messages or accounts.
 */
export const asyncCommit = (): RawBuilder<string> => sql<string>`set_config('synchronous_commit', 'off', true)`;
