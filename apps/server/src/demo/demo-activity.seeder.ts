import { berlinToday } from '@funkeln/contracts/profiles';
import type { Db } from '../db/client.js';
import { planEntries, planVotes } from './demo-activity.js';
import { demoEntries, hasDemoEntries, hasDemoVotes, insertEntries, insertVotes, listCompetitors } from './demo-activity.repo.js';
import { lockSeeding } from './demo.repo.js';
import { createRng } from './random.js';

export interface DemoActivityResult {
  entries: number;
  votes: number;
}

/** UTC midnight of the Berlin month's first day: an hour or two into that month in Berlin, never before it. */
function monthStart(month: string, now: Date): Date {
  const [year, m] = month.split('-').map(Number);
  const start = new Date(Date.UTC(year ?? 1970, (m ?? 1) - 1, 1));
  return start < now ? start : now;
}

/**
 * The Top10 life of the demo members: their entries (once), and for the current Berlin month their
 * votes for each other, spread from the month's start to `now`. Runs again each month (the demo
 * job asks); does nothing when the month has demo votes already or there are no demo members.
 */
export async function seedDemoActivity(db: Db, options: { now?: Date; seed: number }): Promise<DemoActivityResult> {
  const now = options.now ?? new Date();
  const month = berlinToday(now).slice(0, 7);
  if (await hasDemoVotes(db, month)) return { entries: 0, votes: 0 };
  return db.transaction(async (tx) => {
    await lockSeeding(tx); // one process at a time; the check again under the lock
    if (await hasDemoVotes(tx, month)) return { entries: 0, votes: 0 };
    const competitors = await listCompetitors(tx);
    if (competitors.length < 2) return { entries: 0, votes: 0 };
    let entries = 0;
    if (!(await hasDemoEntries(tx))) {
      const planned = planEntries(createRng(options.seed), competitors.map((c) => c.memberId));
      await insertEntries(tx, planned);
      entries = planned.length;
    }
    // Each month its own votes, the same ones for the same seed and month.
    const rng = createRng(options.seed ^ Number(month.replace('-', '')));
    const votes = planVotes(rng, await demoEntries(tx), competitors, monthStart(month, now), now);
    await insertVotes(tx, votes, month);
    return { entries, votes: votes.length };
  });
}
