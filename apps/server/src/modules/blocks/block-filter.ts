import { expressionBuilder, type Expression, type ExpressionWrapper, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A member: an id, or a column of the outer query (`eb.ref('u.id')`). */
type Member = string | Expression<string | null>;

/**
 * EXISTS a block between members a and b, in either direction: the one rule every query that hides
 * blocked members uses (matches, flirts, messages, Top10 voting), as a correlated subquery.
 */
export function blockedEitherWay(a: Member, b: Member): ExpressionWrapper<DB, never, SqlBool> {
  const eb = expressionBuilder<DB, never>();
  const member = (m: Member) => (typeof m === 'string' ? eb.val(m) : m);
  return eb.exists(
    eb
      .selectFrom('blocks as b')
      .select('b.blocker_id')
      .where((w) =>
        w.or([
          w.and([w('b.blocker_id', '=', member(a)), w('b.blocked_id', '=', member(b))]),
          w.and([w('b.blocker_id', '=', member(b)), w('b.blocked_id', '=', member(a))]),
        ]),
      ),
  );
}
