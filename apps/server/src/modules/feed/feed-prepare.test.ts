import { describe, expect, it, vi } from 'vitest';
import { connectClient } from '../../../test/sockets.js';
import { useSwipers } from '../../../test/swipers.js';

const { t, member, feedIds } = useSwipers({ listen: true });

/** The feed counters of this app: decks read by reason, pages by source. */
async function counters() {
  const [reads, pages] = await Promise.all([t.c.metrics.feedDeckReads.get(), t.c.metrics.feedPages.get()]);
  const of = (values: { labels: Record<string, unknown>; value: number }[], label: string, key: string) =>
    values.filter((v) => v.labels[label] === key).reduce((sum, v) => sum + v.value, 0);
  return {
    prepare: of(reads.values, 'reason', 'prepare'),
    request: of(reads.values, 'reason', 'request'),
    deckPages: of(pages.values, 'source', 'deck'),
    databasePages: of(pages.values, 'source', 'database'),
  };
}

describe('feed decks read off the request path', () => {
  it('prepares the feed when the app opens (socket connects): the first page comes from memory', async () => {
    const anna = await member('Anna', 'female', ['male']);
    const ben = await member('Ben', 'male', ['female']);
    const before = await counters();
    const socket = connectClient(t.base, anna.token);
    try {
      await socket.connected();
      await vi.waitFor(async () => expect((await counters()).prepare).toBe(before.prepare + 1));
      expect(await feedIds(anna)).toContain(ben.id);
      const after = await counters();
      expect(after.request).toBe(before.request); // no read for the request itself
      expect(after.deckPages).toBe(before.deckPages + 1);
      expect(after.databasePages).toBe(before.databasePages);
    } finally {
      socket.close();
    }
  });

  it('a member whose profile is not complete connects without a deck and without an error', async () => {
    const { register } = await import('../../../test/harness.js');
    const { token } = await register(t.app);
    const before = await counters();
    const socket = connectClient(t.base, token);
    try {
      await socket.connected();
      await vi.waitFor(async () => expect((await counters()).prepare).toBe(before.prepare + 1));
      expect((await t.api('GET', '/api/feed', token)).statusCode).toBe(409);
    } finally {
      socket.close();
    }
  });

  it('reads the ranking once for first pages asked at the same moment, and never serves a member swiped meanwhile', async () => {
    const viewer = await member('Vera', 'female', ['male']);
    const carl = await member('Carl', 'male', ['female']);
    const before = await counters();
    const pages = await Promise.all(Array.from({ length: 6 }, () => feedIds(viewer)));
    for (const ids of pages) expect(ids).toContain(carl.id);
    expect((await counters()).request).toBe(before.request + 1);

    expect((await t.api('POST', `/api/likes/${carl.id}?type=skip`, viewer.token)).statusCode).toBe(200);
    const again = await Promise.all(Array.from({ length: 3 }, () => feedIds(viewer)));
    for (const ids of again) expect(ids).not.toContain(carl.id);
  });
});
