import type { Queryable } from '../../db/client.js';

export interface JobRunRow {
  name: string;
  next_run_at: Date;
  locked_until: Date | null;
  run_count: number;
  last_error: string | null;
  finished_at: Date | null;
}

/**
 * Takes the job's due run for `owner`, or nothing when it is not due or another process holds it.
 * One UPDATE decides: a concurrent claimer waits for the row lock, then finds the lease taken.
 */
export async function claimRun(q: Queryable, name: string, owner: string, leaseSeconds: number): Promise<boolean> {
  await q.query('INSERT INTO job_runs (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
  const rows = await q.query(
    `UPDATE job_runs SET locked_until = now() + make_interval(secs => $3), locked_by = $2, started_at = now()
      WHERE name = $1 AND next_run_at <= now() AND (locked_until IS NULL OR locked_until < now())
      RETURNING name`,
    [name, owner, leaseSeconds],
  );
  return rows.length === 1;
}

/** Ends `owner`'s run and schedules the next one `nextInSeconds` from now. */
export async function finishRun(q: Queryable, name: string, owner: string, nextInSeconds: number, error: string | null): Promise<void> {
  await q.query(
    `UPDATE job_runs SET next_run_at = now() + make_interval(secs => $3), locked_until = NULL, locked_by = NULL,
            finished_at = now(), run_count = run_count + 1, last_error = $4
      WHERE name = $1 AND locked_by = $2`,
    [name, owner, nextInSeconds, error],
  );
}

/** Makes the job due at once (an operator's or a test's "run now"). */
export async function makeDue(q: Queryable, name: string): Promise<void> {
  await q.query(
    `INSERT INTO job_runs (name, next_run_at) VALUES ($1, now())
     ON CONFLICT (name) DO UPDATE SET next_run_at = now()`,
    [name],
  );
}

export async function findJobRun(q: Queryable, name: string): Promise<JobRunRow | undefined> {
  const rows = await q.query<JobRunRow & Record<string, unknown>>(
    'SELECT name, next_run_at, locked_until, run_count, last_error, finished_at FROM job_runs WHERE name = $1',
    [name],
  );
  return rows[0];
}
