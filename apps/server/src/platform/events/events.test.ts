import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test/cluster.js';
import { EventBus } from './events.js';

describe.runIf(Boolean(process.env.TEST_REDIS_URL))('cluster events over Redis', () => {
  it('sends the feed.hidden pairs of a burst of swipes as one message, heard here one by one at once and there before any later event; a block goes out at once', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL ?? '');
    const here = new EventBus();
    const there = new EventBus();
    try {
      const prefix = `t${randomBytes(4).toString('hex')}:`;
      here.connect(redis, prefix);
      there.connect(redis, prefix);
      await eventually(() => here.clustered && there.clustered);
      const heardHere: [string, string][][] = [];
      here.on('feed.hidden', ({ pairs }) => heardHere.push(pairs));
      const heardThere: string[] = [];
      there.on('feed.hidden', ({ pairs }) => heardThere.push(`hidden ${pairs.map((p) => p.join('>')).join(' ')}`));
      there.on('users.changed', ({ userIds: memberIds }) => heardThere.push(`changed ${memberIds.join(' ')}`));

      here.publishSwipe('v1', 'a');
      here.publishSwipe('v1', 'b');
      here.publishSwipe('v2', 'c');
      // This process's decks leave the members out at once, swipe by swipe.
      expect(heardHere).toEqual([[['v1', 'a']], [['v1', 'b']], [['v2', 'c']]]);
      await eventually(() => heardThere.length > 0);
      expect(heardThere).toEqual(['hidden v1>a v1>b v2>c']);

      // Held pairs go out before a later event, which is not held.
      here.publishSwipe('v3', 'd');
      here.publish('users.changed', { userIds: ['v3'] });
      await eventually(() => heardThere.length === 3);
      expect(heardThere.slice(1)).toEqual(['hidden v3>d', 'changed v3']);

      // A block (feed.hidden both ways through publish) is not held: it goes out on its own at
      // once, after the swipes held before it and before those after it.
      here.publishSwipe('v4', 'e');
      here.publish('feed.hidden', { pairs: [['v5', 'f'], ['f', 'v5']] });
      here.publishSwipe('v6', 'g');
      await eventually(() => heardThere.length === 6);
      expect(heardThere.slice(3)).toEqual(['hidden v4>e', 'hidden v5>f f>v5', 'hidden v6>g']);
    } finally {
      await Promise.all([here.close(), there.close()]);
      await redis.quit();
    }
  });
});
