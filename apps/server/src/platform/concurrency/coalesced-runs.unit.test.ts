import { describe, expect, it } from 'vitest';
import { CoalescedRuns } from './coalesced-runs.js';

/** A task whose runs the test ends one by one; each run records its key, arguments and the writes it saw. */
function controlled() {
  const runs: { key: string; args: number[]; saw: number; finish: (err?: Error) => void }[] = [];
  let written = 0;
  const coalesced = new CoalescedRuns<string, number>(
    (key, args) =>
      new Promise<void>((resolve, reject) => {
        runs.push({ key, args: [...args], saw: written, finish: (err) => (err ? reject(err) : resolve()) });
      }),
  );
  const tick = () => new Promise((r) => setImmediate(r));
  return { runs, coalesced, tick, write: () => ++written };
}

describe('CoalescedRuns', () => {
  it('runs at once when idle, and calls made during a run share one run after it', async () => {
    const { runs, coalesced, tick } = controlled();
    const first = coalesced.run('a', 1);
    const later = [coalesced.run('a', 2), coalesced.run('a', 3), coalesced.run('a', 4)];
    await tick();
    expect(runs.map((r) => r.args)).toEqual([[1]]);
    runs[0]!.finish();
    await first;
    await tick();
    expect(runs.map((r) => r.args)).toEqual([[1], [2, 3, 4]]);
    let settled = false;
    void Promise.all(later).then(() => (settled = true));
    await tick();
    expect(settled).toBe(false); // not before their own run ended
    runs[1]!.finish();
    await Promise.all(later);
    await coalesced.settled();
    expect(runs).toHaveLength(2);
  });

  it('answers every call with a run that started after it', async () => {
    const { runs, coalesced, tick, write } = controlled();
    const calls: { wrote: number; done: Promise<void> }[] = [];
    const call = () => {
      const wrote = write();
      calls.push({ wrote, done: coalesced.run('a', wrote) });
    };
    call(); // runs at once
    call(); // waits for the first run to end
    await tick();
    runs[0]!.finish();
    await tick();
    call(); // waits behind the second run
    call();
    runs[1]!.finish();
    await tick();
    runs[2]!.finish();
    await Promise.all(calls.map((c) => c.done));
    expect(runs.map((r) => r.args)).toEqual([[1], [2], [3, 4]]);
    for (const c of calls) expect(runs.find((r) => r.args.includes(c.wrote))!.saw).toBeGreaterThanOrEqual(c.wrote);
  });

  it('keeps keys apart, and a failed run fails only its own callers', async () => {
    const { runs, coalesced, tick } = controlled();
    const a1 = coalesced.run('a', 1);
    const b1 = coalesced.run('b', 1);
    const a2 = coalesced.run('a', 2);
    await tick();
    expect(runs.map((r) => [r.key, r.args])).toEqual([['a', [1]], ['b', [1]]]);
    runs[0]!.finish(new Error('boom'));
    await expect(a1).rejects.toThrow('boom');
    await tick();
    expect(runs.map((r) => [r.key, r.args])).toEqual([['a', [1]], ['b', [1]], ['a', [2]]]);
    runs[2]!.finish();
    runs[1]!.finish();
    await expect(a2).resolves.toBeUndefined();
    await expect(b1).resolves.toBeUndefined();
  });

  it('survives a task that throws before its first await', async () => {
    let calls = 0;
    const coalesced = new CoalescedRuns<string, number>((_key, _args) => {
      calls += 1;
      if (calls === 1) throw new Error('at once');
      return Promise.resolve();
    });
    await expect(coalesced.run('a', 1)).rejects.toThrow('at once');
    await expect(coalesced.run('a', 2)).resolves.toBeUndefined();
    expect(calls).toBe(2);
    await coalesced.settled();
  });

  it('settled waits for the waiting run too', async () => {
    const { runs, coalesced, tick } = controlled();
    void coalesced.run('a', 1);
    void coalesced.run('a', 2);
    let settled = false;
    const done = coalesced.settled().then(() => (settled = true));
    runs[0]!.finish();
    await tick();
    expect(settled).toBe(false);
    runs[1]!.finish();
    await done;
    expect(settled).toBe(true);
  });
});
