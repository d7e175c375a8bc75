import { describe, expect, it } from 'vitest';
import { ReadBatcher } from './read-batcher.js';

/** A readMany whose reads the test finishes by hand: what each read was asked for, and its release. */
function gatedReads(answer: (key: string) => string | undefined = (k) => `v:${k}`) {
  const reads: { keys: string[]; finish: (err?: Error) => void }[] = [];
  const readMany = (keys: string[]) =>
    new Promise<Map<string, string>>((resolve, reject) => {
      reads.push({
        keys,
        finish: (err) => (err ? reject(err) : resolve(new Map(keys.flatMap((k) => (answer(k) === undefined ? [] : [[k, answer(k)!] as const]))))),
      });
    });
  return { reads, readMany };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('ReadBatcher', () => {
  it('reads a key at once while a slot is free, and the keys asked for meanwhile together after it', async () => {
    const { reads, readMany } = gatedReads();
    const batcher = new ReadBatcher(readMany, { concurrency: 1, maxBatch: 100 });
    const first = batcher.load('a');
    expect(reads.map((r) => r.keys)).toEqual([['a']]);
    const rest = ['b', 'c', 'd'].map((k) => batcher.load(k));
    await tick();
    expect(reads).toHaveLength(1);
    reads[0]!.finish();
    expect(await first).toBe('v:a');
    await tick();
    expect(reads.map((r) => r.keys)).toEqual([['a'], ['b', 'c', 'd']]);
    reads[1]!.finish();
    expect(await Promise.all(rest)).toEqual(['v:b', 'v:c', 'v:d']);
  });

  it('answers each caller its own key (undefined for a key the read did not find), a key asked twice read once', async () => {
    const { reads, readMany } = gatedReads((k) => (k === 'gone' ? undefined : `v:${k}`));
    const batcher = new ReadBatcher(readMany, { concurrency: 1, maxBatch: 100 });
    const busy = batcher.load('x');
    const asked = ['b', 'gone', 'b', 'c'].map((k) => batcher.load(k));
    reads[0]!.finish();
    await busy;
    await tick();
    expect(reads[1]!.keys).toEqual(['b', 'gone', 'c']);
    reads[1]!.finish();
    expect(await Promise.all(asked)).toEqual(['v:b', undefined, 'v:b', 'v:c']);
  });

  it('keeps `concurrency` reads in flight and at most maxBatch keys in each', async () => {
    const { reads, readMany } = gatedReads();
    const batcher = new ReadBatcher(readMany, { concurrency: 2, maxBatch: 2 });
    const all = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((k) => batcher.load(k));
    expect(reads.map((r) => r.keys)).toEqual([['a'], ['b']]);
    reads[0]!.finish();
    await tick();
    expect(reads.map((r) => r.keys)).toEqual([['a'], ['b'], ['c', 'd']]);
    reads[1]!.finish();
    await tick();
    expect(reads.map((r) => r.keys)).toEqual([['a'], ['b'], ['c', 'd'], ['e', 'f']]);
    reads[2]!.finish();
    reads[3]!.finish();
    await tick();
    reads[4]!.finish();
    expect(await Promise.all(all)).toEqual(['v:a', 'v:b', 'v:c', 'v:d', 'v:e', 'v:f', 'v:g']);
  });

  it('fails only the callers of a read that failed; the next read goes out', async () => {
    const { reads, readMany } = gatedReads();
    const batcher = new ReadBatcher(readMany, { concurrency: 1, maxBatch: 100 });
    const first = batcher.load('a');
    const second = batcher.load('b');
    reads[0]!.finish(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await tick();
    reads[1]!.finish();
    expect(await second).toBe('v:b');
  });
});
