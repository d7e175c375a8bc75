import type { Db } from '../src/db/client.js';

/**
 * Counts the transactions opened on `db` until `restore` (the database underneath is the real one):
 * for the promise that a path keeps PGlite's one connection free of transactions it does not need.
 */
export function countTransactions(db: Db): { count: () => number; restore: () => void } {
  const original = db.transaction.bind(db);
  let opened = 0;
  const counting: Db['transaction'] = (fn) => {
    opened += 1;
    return original(fn);
  };
  Object.assign(db, { transaction: counting });
  return { count: () => opened, restore: () => Object.assign(db, { transaction: original }) };
}

/** Records the statements run inside transactions on `db` until `restore`: for the promise that a path's transaction holds only what needs it. */
export function recordTransactionStatements(db: Db): { statements: string[]; restore: () => void } {
  const original = db.transaction.bind(db);
  const statements: string[] = [];
  const recording: Db['transaction'] = (fn) =>
    original((tx) =>
      fn(
        new Proxy(tx, {
          get: (target, key) =>
            key === 'query' ? (text: string, params?: unknown[]) => (statements.push(text), target.query(text, params)) : Reflect.get(target, key, target),
        }),
      ),
    );
  Object.assign(db, { transaction: recording });
  return { statements, restore: () => Object.assign(db, { transaction: original }) };
}
