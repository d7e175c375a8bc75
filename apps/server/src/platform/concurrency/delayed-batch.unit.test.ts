import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DelayedBatch } from './delayed-batch.js';

/** A task whose runs the test ends one by one; each run records its arguments. */
function controlled(windowMs: number) {
  const runs: { args: number[]; finish: (err?: Error) => void }[] = [];
  const batch = new DelayedBatch<number>(
    (args) =>
      new Promise<void>((resolve, reject) => {
        runs.push({ args: [...args], finish: (err) => (err ? reject(err) : resolve()) });
      }),
    windowMs,
  );
  return { runs, batch };
}

describe('DelayedBatch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('collects for the window, then one run takes every argument and settles every caller', async () => {
    const { runs, batch } = controlled(200);
    const calls = [batch.add(1), batch.add(2), batch.add(3)];
    await vi.advanceTimersByTimeAsync(199);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs.map((r) => r.args)).toEqual([[1, 2, 3]]);
    let settled = 0;
    for (const c of calls) void c.then(() => settled++);
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(0);
    runs[0]!.finish();
    await Promise.all(calls);
    expect(settled).toBe(3);
  });

  it('never overlaps runs: a batch due while one runs goes after it, and a failure fails its own callers only', async () => {
    const { runs, batch } = controlled(100);
    const first = batch.add(1);
    await vi.advanceTimersByTimeAsync(100);
    const second = batch.add(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(runs.map((r) => r.args)).toEqual([[1]]);
    const firstFailed = first.catch((err: Error) => err.message);
    runs[0]!.finish(new Error('weg'));
    expect(await firstFailed).toBe('weg');
    await vi.advanceTimersByTimeAsync(0);
    expect(runs.map((r) => r.args)).toEqual([[1], [2]]);
    runs[1]!.finish();
    await expect(second).resolves.toBeUndefined();
  });

  it('flush sends at once; while hurried, nothing waits for the window', async () => {
    const { runs, batch } = controlled(10_000);
    const early = batch.add(1);
    let inside: Promise<void> | undefined;
    const work = batch.hurried(async () => {
      inside = batch.add(2);
      await vi.advanceTimersByTimeAsync(0);
      runs[0]?.finish();
      await early;
      await vi.advanceTimersByTimeAsync(0);
      runs[1]?.finish();
      await inside;
    });
    await work;
    expect(runs.map((r) => r.args)).toEqual([[1], [2]]);
    const late = batch.add(3);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(runs).toHaveLength(2);
    void batch.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs.map((r) => r.args)).toEqual([[1], [2], [3]]);
    runs[2]!.finish();
    await late;
  });
});
