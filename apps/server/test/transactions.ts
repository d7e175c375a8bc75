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
