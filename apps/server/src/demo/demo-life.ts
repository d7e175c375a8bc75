import type { Db } from '../db/client.js';
import type { EventBus } from '../platform/events/events.js';
import { seedDemoActivity } from './demo-activity.seeder.js';
import { demoVisitors } from './demo-activity.repo.js';

/** How often a new handful of demo members drops by, and how long each stays online. */
export const VISIT_EVERY_MS = 60_000;
const VISIT_MS = 5 * 60_000;

/**
 * Keeps a demo instance alive: each minute two to four demo members come online for five minutes
 * (so 'Gerade online' moves), and a new month gets its demo votes.
 */
export class DemoLife {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly seed: number,
  ) {}

  /** One beat; answers who came online. */
  async tick(now = new Date()): Promise<string[]> {
    await seedDemoActivity(this.db, { now, seed: this.seed });
    this.events.publish('leaderboard.scored', {});
    const slot = Math.floor(now.getTime() / VISIT_EVERY_MS);
    const visitors = await demoVisitors(this.db, slot, 2 + (slot % 3));
    if (visitors.length > 0) this.events.emit('presence.visiting', { memberIds: visitors, untilMs: now.getTime() + VISIT_MS });
    return visitors;
  }
}
