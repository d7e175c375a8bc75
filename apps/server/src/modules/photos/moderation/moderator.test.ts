import { randomBytes } from 'node:crypto';
import dc from 'node:diagnostics_channel';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decide, nsfwClasses, type NsfwScores } from './decision.js';
import { createNsfwModerator, type Moderator } from './moderator.js';
import { toModelPixels } from './preprocess.js';
import type { ClassifyRequest, WorkerResponse } from './protocol.js';

const W = 320;
const H = 240;

function raw(channels: 3 | 4, pixel: (x: number, y: number) => number[]): Sharp {
  const data = Buffer.alloc(W * H * channels);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) data.set(pixel(x, y), (y * W + x) * channels);
  return sharp(data, { raw: { width: W, height: H, channels } });
}

const gradient = () => raw(3, (x, y) => [Math.round((x / W) * 255), Math.round((y / H) * 255), 128]);

const images: Record<string, () => Promise<Buffer>> = {
  'flat colour JPEG': () => sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 90, b: 200 } } }).jpeg().toBuffer(),
  'gradient PNG': () => gradient().png().toBuffer(),
  'random noise WebP': () => sharp(randomBytes(W * H * 3), { raw: { width: W, height: H, channels: 3 } }).webp().toBuffer(),
  'PNG with alpha': () => raw(4, (x, y) => [200, (x + y) % 256, 60, Math.round((x / W) * 255)]).png().toBuffer(),
  '16-bit greyscale PNG': () => gradient().toColourspace('grey16').png().toBuffer(),
  'EXIF-rotated JPEG': () => gradient().jpeg().withMetadata({ orientation: 6 }).toBuffer(),
  '1x1 PNG': () => sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } }).png().toBuffer(),
};

function expectProbabilities(scores: NsfwScores): void {
  expect(Object.keys(scores).sort()).toEqual([...nsfwClasses]);
  for (const c of nsfwClasses) {
    expect(scores[c]).toBeGreaterThanOrEqual(0);
    expect(scores[c]).toBeLessThanOrEqual(1);
  }
  expect(nsfwClasses.reduce((sum, c) => sum + scores[c], 0)).toBeCloseTo(1, 3);
}

/** Every worker thread this process starts, with its exit caught from the moment it exists. */
const started: { worker: Worker; exited: Promise<unknown> }[] = [];
function onWorker(message: unknown): void {
  if (message instanceof Object && 'worker' in message && message.worker instanceof Worker) {
    started.push({ worker: message.worker, exited: once(message.worker, 'exit') });
  }
}

describe('nsfw moderator', () => {
  let moderator: Moderator;
  let flat: Buffer;
  const fetchSpy = vi.spyOn(globalThis, 'fetch');

  beforeAll(async () => {
    dc.subscribe('worker_threads', onWorker);
    fetchSpy.mockRejectedValue(new Error('no network in this test'));
    moderator = createNsfwModerator();
    flat = await images['flat colour JPEG']!();
  });

  afterAll(async () => {
    await moderator.close();
    fetchSpy.mockRestore();
    dc.unsubscribe('worker_threads', onWorker);
  });

  it('does not start a worker before the first classify', () => {
    expect(started).toHaveLength(0);
  });

  it.each(Object.keys(images))('classifies a %s into five probabilities', async (name) => {
    const scores = await moderator.classify(await images[name]!());
    expectProbabilities(scores);
    expect(['approved', 'pending', 'rejected']).toContain(decide(scores, { rejectAt: 0.8, reviewAt: 0.3 }).status);
    expect(started).toHaveLength(1);
  });

  it('answers concurrent calls', async () => {
    const results = await Promise.all([moderator.classify(flat), moderator.classify(flat), moderator.classify(flat)]);
    for (const scores of results) expectProbabilities(scores);
    expect(results[1]).toEqual(results[0]);
  });

  it('rejects a buffer that is not an image, and keeps serving', async () => {
    await expect(moderator.classify(Buffer.from('definitely not an image'))).rejects.toThrow(/unsupported image format/);
    await expect(moderator.classify(Buffer.alloc(0))).rejects.toThrow();
    expectProbabilities(await moderator.classify(flat));
    expect(started).toHaveLength(1);
  });

  it('fails outstanding calls when the worker dies, and restarts it on the next call', async () => {
    const post = vi.spyOn(Worker.prototype, 'postMessage').mockImplementationOnce(function (this: Worker) {
      void this.terminate();
    });
    const outcomes = await Promise.allSettled([moderator.classify(flat), moderator.classify(flat)]);
    post.mockRestore();
    // The call whose request killed the worker fails with the exit; the other one, depending on
    // whether its image was ready before or after the exit, failed with it or was answered by the
    // restarted worker (CI saw both). None may hang, and none may get an answer it was not given.
    const died = outcomes.filter((o) => o.status === 'rejected');
    expect(died.length).toBeGreaterThanOrEqual(1);
    for (const o of died) expect(String(o.reason)).toMatch(/worker exited/);
    for (const o of outcomes) if (o.status === 'fulfilled') expectProbabilities(o.value);
    await started[0]?.exited;

    expectProbabilities(await moderator.classify(flat));
    expect(started).toHaveLength(2);
  });

  it('close() ends the worker; a later classify starts a new one', async () => {
    await moderator.close();
    await started.at(-1)?.exited;
    await moderator.close(); // idempotent

    expectProbabilities(await moderator.classify(flat));
    expect(started).toHaveLength(3);
  });

  it('rejects rather than hangs when the worker is too slow, and ends that worker', async () => {
    const impatient = createNsfwModerator({ timeoutMs: 1 });
    await expect(impatient.classify(flat)).rejects.toThrow(/timed out/);
    await started.at(-1)?.exited;
    await impatient.close();
  });

  it('never used fetch on this thread', () => {
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('nsfw worker', () => {
  // fetch and TCP fail loudly and report back, in case something swallows the error. Unix sockets
  // stay open: tsx's loader probes one for its CLI's IPC server.
  const offline = `data:text/javascript,${encodeURIComponent(`
    import net from 'node:net';
    import { parentPort } from 'node:worker_threads';
    const deny = (what) => { parentPort.postMessage({ type: 'network', what }); throw new Error('offline test: ' + what); };
    globalThis.fetch = async (url) => deny('fetch ' + url);
    const connect = net.Socket.prototype.connect;
    net.Socket.prototype.connect = function (...args) {
      const options = Array.isArray(args[0]) ? args[0][0] : args[0];
      if (typeof options === 'object' && options !== null && typeof options.path === 'string') return connect.apply(this, args);
      return deny('connect ' + JSON.stringify(options));
    };
  `)}`;

  it('loads the model with no network and classifies', async () => {
    const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), { execArgv: ['--import', offline] });
    try {
      const messages: unknown[] = [];
      const answer = new Promise<WorkerResponse>((resolve, reject) => {
        worker.on('message', (message: WorkerResponse) => {
          messages.push(message);
          if (message.type === 'result' || message.type === 'error') resolve(message);
        });
        worker.on('error', reject);
      });
      const pixels = await toModelPixels(await gradient().png().toBuffer());
      const request: ClassifyRequest = { type: 'classify', id: 7, pixels };
      worker.postMessage(request, [pixels.buffer]);

      const response = await answer;
      expect(messages).toEqual([response]);
      expect(response).toMatchObject({ type: 'result', id: 7 });
      if (response.type === 'result') expectProbabilities(response.scores);
    } finally {
      await worker.terminate();
    }
  });

  it('answers a malformed request with an error and stays up', async () => {
    const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url));
    try {
      const responses: WorkerResponse[] = [];
      const two = new Promise<void>((resolve, reject) => {
        worker.on('message', (message: WorkerResponse) => {
          if (responses.push(message) === 2) resolve();
        });
        worker.on('error', reject);
      });
      const requests: ClassifyRequest[] = [
        { type: 'classify', id: 1, pixels: new Uint8Array(10) },
        { type: 'classify', id: 2, pixels: await toModelPixels(await gradient().png().toBuffer()) },
      ];
      for (const request of requests) worker.postMessage(request);
      await two;
      expect(responses[0]).toMatchObject({ type: 'error', id: 1, message: expect.stringMatching(/224x224/) });
      expect(responses[1]).toMatchObject({ type: 'result', id: 2 });
    } finally {
      await worker.terminate();
    }
  });
});
