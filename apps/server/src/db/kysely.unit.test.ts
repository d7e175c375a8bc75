import { describe, expect, it } from 'vitest';
import { typed } from './kysely.js';

const k = typed({ query: () => Promise.reject(new Error('compile only')) });

describe('the query compiler', () => {
  it('writes whole LIMIT and OFFSET counts into the text (a generic plan knows them)', () => {
    const q = k.selectFrom('users').select('id').where('id', '=', 'x').limit(10).offset(20).compile();
    expect(q.sql).toBe('select "id" from "users" where "id" = $1 limit 10 offset 20');
    expect(q.parameters).toEqual(['x']);
  });

  it('leaves anything but a whole, non-negative count a parameter', () => {
    for (const n of [2.5, -1, Number.MAX_SAFE_INTEGER + 2]) {
      const q = k.selectFrom('users').select('id').limit(n).compile();
      expect(q.sql).toBe('select "id" from "users" limit $1');
      expect(q.parameters).toEqual([n]);
    }
  });

  it('writes the counts of subqueries too', () => {
    const q = k
      .selectFrom('users')
      .select('id')
      .where('id', 'in', (eb) => eb.selectFrom('sessions').select('user_id').limit(3))
      .compile();
    expect(q.sql).toContain('limit 3');
    expect(q.parameters).toEqual([]);
  });
});
