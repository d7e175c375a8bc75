-- Periodic jobs that must run once per interval however many server processes run them: each run
-- is claimed by one process (a lease, taken by an atomic UPDATE) and the next one is scheduled here.
CREATE TABLE job_runs (
  name text PRIMARY KEY,
  next_run_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  locked_by text,
  started_at timestamptz,
  finished_at timestamptz,
  run_count bigint NOT NULL DEFAULT 0,
  last_error text
);
