import { describe, expect, it } from 'vitest';
import { createMemoryPresenceStore } from './presence-store.js';
import { PresenceTracker } from './presence-tracker.js';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PresenceTracker', () => {
  it('counts members, not sockets, and coalesces a burst into few broadcasts', async () => {
    const published: number[] = [];
    let announced = 0;
    const tracker = new PresenceTracker({ store: createMemoryPresenceStore(), publish: (n) => published.push(n), announce: () => announced++, intervalMs: 100 });
    for (let i = 0; i < 50; i++) await tracker.connected(`user-${i % 10}`); // 10 members, 5 sockets each
    await tick(250);
    expect(published.at(-1)).toBe(10);
    expect(published.length).toBeLessThanOrEqual(2);
    expect(announced).toBe(10); // only first sockets change membership

    for (let i = 0; i < 45; i++) await tracker.disconnected(`user-${i % 10}`);
    await tick(250);
    expect(published.at(-1)).toBe(5); // members with a socket left: 5 of them hold one more
    await tracker.close();
  });

  it('sends no broadcast when the count is what the sockets last got', async () => {
    const published: number[] = [];
    const tracker = new PresenceTracker({ store: createMemoryPresenceStore(), publish: (n) => published.push(n), announce: () => undefined, intervalMs: 20 });
    await tracker.connected('anna');
    await tick(60);
    await tracker.disconnected('anna');
    await tracker.connected('ben'); // one left, one came: still 1
    await tick(60);
    tracker.schedule(); // another process changed something that left the count as it was
    await tick(60);
    expect(published).toEqual([1]);
    await tracker.connected('clara');
    await tick(60);
    expect(published).toEqual([1, 2]);
    await tracker.close();
  });

  it('counts visitors (online without a socket) until their visit ends', async () => {
    const store = createMemoryPresenceStore();
    let announced = 0;
    const tracker = new PresenceTracker({ store, publish: () => undefined, announce: () => announced++, intervalMs: 10 });
    await tracker.connected('member');
    await tracker.visited(['demo-1', 'demo-2'], Date.now() + 60_000);
    await tracker.visited(['demo-3'], Date.now() - 1); // already over
    expect(announced).toBe(3);
    expect(await tracker.refresh()).toBe(3);
    expect([await store.isOnline('demo-1'), await store.isOnline('demo-3')]).toEqual([true, false]);
    await tracker.close();
  });
});
