import type { Compilable, Kysely } from 'kysely';
import type { Queryable, Row } from './client.js';
import { typed } from './kysely.js';
import type { DB } from './schema.js';

/** Stands for the parameter `name` while the query is built the one time. */
class Placeholder {
  constructor(readonly name: string) {}
}

/** Rows a compilable query returns. */
type Output<Q> = Q extends Compilable<infer O> ? O : never;

/** A compiled query: per parameter position, a placeholder's name or a value fixed in the builder. */
interface Template {
  sql: string;
  parameters: readonly unknown[];
}

/** Anything that compiles; the builder the repos use when compiling once (no connection needed). */
const compiler: Kysely<DB> = typed({ query: () => Promise.reject(new Error('a template only compiles')) });

/**
 * A Kysely query built and compiled once, for the statements run most (a like, the session
 * lookup): Kysely builds and compiles a query anew on every call (~10 us for a primary-key lookup,
 * ~90 us for the like's CTE), a fifth of the server thread's time in a bench:load profile. `build`
 * runs once, given placeholders for its parameters; each call sends the same text with its own
 * values where the placeholders were.
 *
 * Only for queries whose text never depends on their values: every parameter is used as a value
 * (`=`, `= ANY(...)`, `.values`, `sql` templates), never as an IN list (an array there expands to a
 * parameter per element), `sql.lit`, a LIMIT or OFFSET count (written into the text, db/kysely.ts),
 * an identifier, or to decide the query's shape. Parameters
 * must be given (the first call throws for a placeholder without a value).
 */
export function compiledOnce<P extends Record<string, unknown>, Q extends Compilable<unknown>>(build: (k: Kysely<DB>, params: P) => Q) {
  let template: Template | undefined;
  const compile = (): Template => {
    const placeholders = new Proxy({} as P, { get: (_target, name) => new Placeholder(String(name)) });
    const { sql, parameters } = build(compiler, placeholders).compile();
    return { sql, parameters };
  };
  const run = async (q: Queryable, params: P): Promise<Output<Q>[]> => {
    template ??= compile();
    const values = template.parameters.map((p) => {
      if (!(p instanceof Placeholder)) return p;
      const value = params[p.name];
      if (value === undefined) throw new Error(`compiledOnce: no value for the parameter ${p.name}`);
      return value;
    });
    return (await q.query<Row>(template.sql, values)) as Output<Q>[];
  };
  return {
    execute: run,
    takeFirst: async (q: Queryable, params: P): Promise<Output<Q> | undefined> => (await run(q, params))[0],
    /** The statement text (tests compare it with what Kysely builds for real values). */
    sql: (): string => (template ??= compile()).sql,
  };
}
