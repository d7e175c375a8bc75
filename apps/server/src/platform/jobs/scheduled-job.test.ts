import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createTestDb } from '../../../test/test-db.js';
import { findJobRun, makeDue } from './job-runs.repo.js';
import { ScheduledJob } from './scheduled-job.js';

describe('scheduled jobs: once per interval across processes', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDb());
  });
  afterAll(() => drop());

  const jobs = (name: string, count: number, task: () => Promise<void>, onError: (err: unknown) => void = () => undefined) =>
    Array.from({ length: count }, () => new ScheduledJob(db, task, { name, intervalMs: 3_600_000, pollMs: 10, onError }));

  it('eight claimers racing for a due run: exactly one runs it', async () => {
    let runs = 0;
    const racers = jobs('race', 8, async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 20));
    });
    const ran = await Promise.all(racers.map((j) => j.runIfDue()));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    // Not due again until the interval has passed.
    expect((await Promise.all(racers.map((j) => j.runIfDue()))).some(Boolean)).toBe(false);
    const row = await findJobRun(db, 'race');
    expect(row?.run_count).toBe(1);
    expect(row?.locked_until).toBeNull();
    expect(row!.next_run_at.getTime()).toBeGreaterThan(Date.now() + 3_500_000);

    await makeDue(db, 'race');
    expect((await Promise.all(racers.map((j) => j.runIfDue()))).filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(2);
  });

  it('polling processes run a due job once, and again only when it is due again', async () => {
    let runs = 0;
    const pollers = jobs('poll', 4, async () => void runs++);
    for (const j of pollers) j.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toBe(1);
    await makeDue(db, 'poll');
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toBe(2);
    await Promise.all(pollers.map((j) => j.stop()));
  });

  it('a run whose process died is taken over once its lease expired', async () => {
    let runs = 0;
    const [a, b] = jobs('lease', 2, async () => void runs++);
    // A claims and "dies" before finishing: its lease still blocks B.
    await db.query(
      `INSERT INTO job_runs (name, next_run_at, locked_until, locked_by) VALUES ('lease', now() - interval '1 minute', now() + interval '1 hour', 'dead')`,
    );
    expect(await b!.runIfDue()).toBe(false);
    await db.query(`UPDATE job_runs SET locked_until = now() - interval '1 second' WHERE name = 'lease'`);
    expect(await b!.runIfDue()).toBe(true);
    expect(await a!.runIfDue()).toBe(false);
    expect(runs).toBe(1);
  });

  it('a failed run is recorded and retried within a minute, not after the whole interval', async () => {
    const errors: unknown[] = [];
    const [job] = jobs('fails', 1, async () => {
      throw new Error('SMTP weg');
    }, (err) => errors.push(err));
    expect(await job!.runIfDue()).toBe(true);
    const row = await findJobRun(db, 'fails');
    expect(row?.last_error).toBe('SMTP weg');
    expect(errors).toHaveLength(1);
    expect(row!.next_run_at.getTime()).toBeLessThanOrEqual(Date.now() + 61_000);
  });
});
