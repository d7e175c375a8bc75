import type { Queryable } from '../../db/client.js';
import { now, secondsFromNow, typed } from '../../db/kysely.js';

/**
 * Takes the job's due run for `owner`, or nothing when it is not due or another process holds it.
 * One UPDATE decides: a concurrent claimer waits for the row lock, then finds the lease taken.
 */
export async function claimRun(q: Queryable, name: string, owner: string, leaseSeconds: number): Promise<boolean> {
  const k = typed(q);
  await k.insertInto('job_runs').values({ name }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const rows = await k
    .updateTable('job_runs')
    .set({ locked_until: secondsFromNow(leaseSeconds), locked_by: owner, started_at: now() })
    .where('name', '=', name)
    .where('next_run_at', '<=', now())
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now())]))
    .returning('name')
    .execute();
  return rows.length === 1;
}

/** Ends `owner`'s run and schedules the next one `nextInSeconds` from now. */
export async function finishRun(q: Queryable, name: string, owner: string, nextInSeconds: number, error: string | null): Promise<void> {
  await typed(q)
    .updateTable('job_runs')
    .set((eb) => ({
      next_run_at: secondsFromNow(nextInSeconds),
      locked_until: null,
      locked_by: null,
      finished_at: now(),
      run_count: eb('run_count', '+', 1),
      last_error: error,
    }))
    .where('name', '=', name)
    .where('locked_by', '=', owner)
    .execute();
}

/** Makes the job due at once (an operator's or a test's "run now"). */
export async function makeDue(q: Queryable, name: string): Promise<void> {
  await typed(q)
    .insertInto('job_runs')
    .values({ name, next_run_at: now() })
    .onConflict((oc) => oc.column('name').doUpdateSet({ next_run_at: now() }))
    .execute();
}

export function findJobRun(q: Queryable, name: string) {
  return typed(q)
    .selectFrom('job_runs')
    .select(['name', 'next_run_at', 'locked_until', 'run_count', 'last_error', 'finished_at'])
    .where('name', '=', name)
    .executeTakeFirst();
}
