/**
 * Redis commands per visit in a load run: the difference of INFO commandstats between two readings.
 * A command is a round trip of a worker (a write and a wake-up on each side), and a PUBLISH also
 * wakes every subscribed process, so these counts say what a visit costs the processes the way
 * statements per visit do for the database. The counts are the whole Redis server's: the bench's
 * server is the only thing using it while it runs, and the commands a script runs count as well (a
 * rate limit's EVALSHA also counts its INCR and PTTL).
 */
import { Redis } from 'ioredis';

export type CommandCounts = Map<string, number>;

export async function readCommandCounts(url: string): Promise<CommandCounts> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const info = await redis.info('commandstats');
    const counts: CommandCounts = new Map();
    for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) counts.set(match[1] ?? '', Number(match[2]));
    return counts;
  } finally {
    redis.disconnect();
  }
}

/** Prints the commands per visit between the readings, the most frequent first; answers the total (script-run commands included) and the PUBLISHes per visit. */
export function printCommandCounts(before: CommandCounts, after: CommandCounts, visits: number, top = 8): { commands: number; publishes: number } {
  const per = (n: number) => n / Math.max(1, visits);
  const diff = [...after].map(([name, calls]) => ({ name, calls: calls - (before.get(name) ?? 0) })).filter((d) => d.calls > 0);
  diff.sort((a, b) => b.calls - a.calls);
  const total = diff.reduce((sum, d) => sum + d.calls, 0);
  const list = diff.slice(0, top).map((d) => `${d.name} ${per(d.calls).toFixed(1)}`).join(', ');
  console.log(`\nRedis commands per visit (INFO commandstats): ${per(total).toFixed(1)}: ${list}`);
  return { commands: per(total), publishes: per(diff.find((d) => d.name === 'publish')?.calls ?? 0) };
}
