/**
 * Named prepared statements for the embedded database's one connection (used by pglite.worker.mjs).
 *
 * PGlite's `query` sends every statement unnamed, as six protocol calls into PostgreSQL: Parse,
 * Describe, Bind, Describe, Execute, Sync. PostgreSQL then parses, analyses and rewrites the text
 * again each time, and plans it. A statement text this connection has run before is prepared once
 * under a name (Parse + Describe); each later run is one call (Bind, Describe, Execute, Sync)
 * that starts from the saved parse tree. Measured on a 10,000-member population (a feed page of
 * 20 cards, the heaviest statement the app runs often): 3.5 ms of the connection unnamed, 1.8 ms
 * prepared, the rows identical.
 *
 * Plans are left to PostgreSQL's plan cache in its default mode: it re-plans for the values
 * (custom plans) unless a generic plan is no dearer; forcing generic plans made the feed query
 * hundreds of times slower (its day windows and distance box are only known from the values).
 *
 * A text is prepared on its second run (one-off texts, such as lists with a parameter per item,
 * are never prepared) and at most MAX_PREPARED are kept, the least recently used closed first.
 * Results, values and errors are PGlite's own: the same serializers and parsers `query` uses,
 * and a failed statement throws the DatabaseError `query` would (the buffer ends with Sync, so
 * the connection is ready again, and an open transaction is aborted as with `query`).
 */
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;
const MAX_PREPARED = 256;
/** How many texts' run counts are kept before they are forgotten (texts seen once mostly). */
const MAX_SEEN = 10_000;
/** PostgreSQL: "cached plan must not change result type" (a table's columns changed under `SELECT *`). */
const FEATURE_NOT_SUPPORTED = '0A000';
/** Ends a text planned on every run, never prepared: statement-names.ts's PLANNED_PER_RUN (this worker imports no TypeScript). */
const PLANNED_PER_RUN = '/* planned per run */';

/**
 * `query(target, sql, params, inTransaction)`: the rows, as PGlite's `query(...).rows`. Outside a
 * transaction it waits for the transaction lock, as `lite.query` does; inside one (whose
 * `transaction` callback holds that lock) for the query lock only, as the transaction's `query` does.
 */
export function createPreparedQueries(lite) {
  /** Prepared statements by text, least recently used first: { name, types }. */
  const prepared = new Map();
  const seen = new Map();
  let nextName = 1;

  const exclusive = (inTransaction, fn) =>
    inTransaction ? lite._runExclusiveQuery(fn) : lite._runExclusiveTransaction(() => lite._runExclusiveQuery(fn));

  const send = (parts) => lite.execProtocolStream(Buffer.concat(parts), { syncToFs: false });

  async function prepare(sql) {
    if (prepared.size >= MAX_PREPARED) {
      const [oldest, { name }] = prepared.entries().next().value;
      prepared.delete(oldest);
      await send([serialize.close({ type: 'S', name }), serialize.sync()]);
    }
    const name = `funkeln_${nextName++}`;
    const messages = await send([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]);
    const description = messages.find((m) => m.name === 'parameterDescription');
    const statement = { name, types: description?.dataTypeIDs ?? [] };
    prepared.set(sql, statement);
    return statement;
  }

  async function run(sql, params) {
    let statement = prepared.get(sql);
    if (statement) {
      prepared.delete(sql); // back to the most recently used end
      prepared.set(sql, statement);
    } else {
      statement = await prepare(sql);
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = lite.serializers[statement.types[i]];
      return serializer ? serializer(value) : value.toString();
    });
    try {
      const messages = await send([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);
      return parse.parseResults(messages, lite.parsers)[0]?.rows ?? [];
    } catch (err) {
      if (err?.code === FEATURE_NOT_SUPPORTED && prepared.get(sql) === statement) {
        prepared.delete(sql);
        await send([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]);
      }
      throw err;
    }
  }

  /** Whether this text is run as a prepared statement (its second run on, or it already is). */
  function preparable(sql) {
    if (sql.endsWith(PLANNED_PER_RUN)) return false;
    if (prepared.has(sql)) return true;
    const count = (seen.get(sql) ?? 0) + 1;
    if (count >= 2) {
      seen.delete(sql);
      return true;
    }
    if (seen.size >= MAX_SEEN) seen.clear();
    seen.set(sql, count);
    return false;
  }

  return {
    /** The rows of `sql`, through `target` (the PGlite instance or the open transaction) until the text is prepared. */
    async query(target, sql, params, inTransaction) {
      if (!preparable(sql)) return (await target.query(sql, params)).rows;
      // `query` waits until PGlite has started; the protocol calls below do not, and a text's second
      // run can arrive before its first finished (statements sent at once right after opening).
      await lite.waitReady;
      return exclusive(inTransaction, async () => {
        let rows;
        try {
          rows = await run(sql, params ?? []);
        } catch (err) {
          // A statement prepared before a table changed: prepared afresh once (inside a transaction the error has aborted it).
          if (err?.code !== FEATURE_NOT_SUPPORTED || inTransaction || prepared.has(sql)) throw err;
          rows = await run(sql, params ?? []);
        }
        if (!inTransaction) await lite.syncToFs();
        return rows;
      });
    },
  };
}
