import { describe, expect, it } from 'vitest';
import { createSharedTtlStore } from './shared-ttl-store.js';

describe('shared TTL store without Redis (one process)', () => {
  it('gives a value back once, as a copy, and forgets it after its time', async () => {
    const store = createSharedTtlStore(undefined, 'x:');
    const value = { photos: [{ isMain: true, descriptors: [[0.1, -0.2]] }] };
    await store.set('a', value, 60_000);
    value.photos[0]!.isMain = false; // the store kept what was set, not a reference
    expect(await store.take('a')).toEqual({ photos: [{ isMain: true, descriptors: [[0.1, -0.2]] }] });
    expect(await store.take('a')).toBeUndefined();
    await store.set('b', 1, 20);
    await new Promise((r) => setTimeout(r, 40));
    expect(await store.take('b')).toBeUndefined();
    await store.set('c', 1, 60_000);
    await store.delete('c');
    expect(await store.take('c')).toBeUndefined();
  });
});
