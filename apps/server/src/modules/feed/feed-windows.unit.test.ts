import { describe, expect, it } from 'vitest';
import { FeedWindows } from './feed.repo.js';

describe('FeedWindows', () => {
  it('starts with the narrowest try while it fills pages, skips it once it mostly does not, and keeps sampling it', () => {
    const w = new FeedWindows();
    const starts: number[] = [];
    const read = (fills: (index: number) => boolean) => {
      let index = w.start();
      starts.push(index);
      while (index < 2 && !fills(index)) w.record(index++, false);
      w.record(index, true);
    };
    for (let i = 0; i < 5; i++) read(() => true);
    expect(starts).toEqual([0, 0, 0, 0, 0]);
    // The narrow try stops filling pages (a small population): after a few misses reads start wider.
    starts.length = 0;
    for (let i = 0; i < 16; i++) read((index) => index >= 1);
    // Reads 6-9 start narrow (its rate falls 1 -> 0.41), then only every 8th read (the 16th, 24th) samples it.
    expect(starts).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1]);
    // It fills again (the population grew): the samples bring it back.
    starts.length = 0;
    for (let i = 0; i < 40; i++) read(() => true);
    expect(starts.slice(-8)).toEqual(Array<number>(8).fill(0));
  });
});
