/**
 * bench/face: photo verification time per liveness recording on this machine, the model loaded once,
 * doing what FaceVerificationService.submit does after the upload: for each of the recording's
 * VERIFICATION_FRAMES_RECOMMENDED frames, one after another, sharp decode -> face-api (SSD
 * MobileNetV1 + 68 landmarks + 128-d descriptor + the texture, tfjs-wasm, worker thread); then the
 * liveness decision (pose sequence, copy check) against the member's 6 approved photos (1080 px JPEGs as the upload pipeline
 * stores them; no descriptor is stored in the database: the service analyses them in the background
 * when the attempt starts and keeps them in memory and, for a selfie that reaches another process,
 * in the shared TTL store (Redis at BENCH_REDIS_URL, default redis://127.0.0.1:6379); only when the
 * photos changed after the start are they analysed at the check; all three are measured).
 * Frames are webcam-sized (1280 px) crops of one face of the sample photos inside
 * @vladmandic/face-api, the photos other crops of the same face (a still face: the decision refuses
 * it, but only after every frame was analysed and compared, the full cost). Also the memory the worker takes.
 * Reproduce: `npm run bench:face` (or `npx tsx bench/face.ts [count]`).
 */
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { VERIFICATION_FRAMES_RECOMMENDED } from '@funkeln/contracts/verification';
import { decideLiveness } from '../apps/server/src/modules/verification/face/liveness.js';
import type { DetectedFace } from '../apps/server/src/modules/verification/face/protocol.js';
import { createFaceEngine, FACE_MODEL_VERSION } from '../apps/server/src/modules/verification/face/face-engine.js';
import { faceCrop, faces } from '../apps/server/test/faces.js';
import { createRedis } from '../apps/server/src/platform/redis/redis.js';
import { createSharedTtlStore } from '../apps/server/src/platform/redis/shared-ttl-store.js';
import { MACHINE, recordResult } from './results.js';
import { redisReachable } from './services.js';

const COUNT = Number(process.argv[2] ?? 20);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
const variants = [
  { margin: 0.6 },
  { margin: 0.45, shift: 0.1 },
  { margin: 0.5, shift: -0.1 },
  { margin: 0.8 },
  { margin: 0.55, shift: 0.05 },
  { margin: 0.7, shift: -0.05 },
];

async function main(): Promise<void> {
  const frame = (width: number) => async (v: (typeof variants)[number]) => sharp(await faceCrop(faces.turnedLeft, v)).resize({ width }).jpeg({ quality: 85 }).toBuffer();
  const selfies = await Promise.all(variants.map(frame(1280)));
  const photoFiles = await Promise.all(variants.map(frame(1080)));
  const engine = createFaceEngine();
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  await engine.analyze(selfies[0] as Buffer);
  const firstMs = performance.now() - t0;
  const settings = { instruction: 'turn_left' as const, threshold: 0.45, uncertainBand: 0.1 };
  const load = loadavg()[0] ?? 0;
  const analysePhotos = async () => {
    const photos = [];
    for (const [n, file] of photoFiles.entries()) {
      const found = await engine.analyze(file);
      photos.push({ isMain: n === 0, descriptors: found.map((f) => f.descriptor), textures: found.map((f) => f.texture) });
    }
    return photos;
  };
  const redis = (await redisReachable(REDIS_URL)) ? createRedis(REDIS_URL, { warn: (obj, msg) => console.warn(msg, obj) }) : undefined;
  const shared = createSharedTtlStore(redis, `bench-face-${process.pid}:`);
  const outcomes: Record<string, number> = {};
  // memory: analysed when the attempt started, same process (the normal flow); shared: analysed at the
  // start on another process, taken from the shared store; cold: the photos changed, analysed at the check.
  const run = async (mode: 'memory' | 'shared' | 'cold') => {
    const latencies: number[] = [];
    for (let i = 0; i < COUNT; i++) {
      const early = mode === 'cold' ? undefined : await analysePhotos();
      if (mode === 'shared') await shared.set(`refs:${i}`, { photos: early }, 600_000);
      const start = performance.now();
      const frames: DetectedFace[][] = [];
      for (let f = 0; f < VERIFICATION_FRAMES_RECOMMENDED; f++) frames.push(await engine.analyze(selfies[(i + f) % selfies.length] as Buffer));
      let decision = decideLiveness({ ...settings, frames, photos: [] });
      if (decision.reason !== 'no_face' && decision.reason !== 'multiple_faces') {
        const fromStore = mode === 'shared' ? ((await shared.take(`refs:${i}`)) as { photos: typeof early }).photos : early;
        decision = decideLiveness({ ...settings, frames, photos: fromStore ?? (await analysePhotos()) });
      }
      latencies.push(performance.now() - start);
      const key = `${decision.outcome}${decision.reason ? `:${decision.reason}` : ''}`;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    }
    latencies.sort((a, b) => a - b);
    return (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  };
  const warm = await run('memory');
  const viaStore = await run('shared');
  const cold = await run('cold');
  redis?.disconnect();
  const store = redis ? 'Redis 7' : 'in-process store (no Redis reachable)';
  const stats = await engine.stats();
  const rssAfter = process.memoryUsage().rss;
  await engine.close();
  console.table({
    recordings: `${COUNT} x ${VERIFICATION_FRAMES_RECOMMENDED} frames`,
    'worker start + model load + first analysis (ms)': firstMs.toFixed(0),
    'p50 / p99, photos analysed at the start (ms)': `${warm(50).toFixed(0)} / ${warm(99).toFixed(0)}`,
    [`p50 / p99, analysed at the start on another process, via ${store} (ms)`]: `${viaStore(50).toFixed(0)} / ${viaStore(99).toFixed(0)}`,
    'p50 / p99, photos analysed at the check (ms)': `${cold(50).toFixed(0)} / ${cold(99).toFixed(0)}`,
    'process RSS growth (MiB)': mib(rssAfter - rssBefore),
    'worker JS heap used/total (MiB)': `${mib(stats.heapUsedBytes)}/${mib(stats.heapTotalBytes)}`,
    'tfjs tensors (MiB)': mib(stats.tensorBytes),
    'load average (1 min) at start': load.toFixed(2),
    outcomes: JSON.stringify(outcomes),
  });
  const common = `${FACE_MODEL_VERSION}; ${COUNT} recordings of ${VERIFICATION_FRAMES_RECOMMENDED} frames one after another; first call incl. worker start and model load ${firstMs.toFixed(0)} ms; load average ${load.toFixed(2)} on 2 cores`;
  await recordResult({
    benchmark: 'face',
    metric: `photo verification time per liveness recording, ${VERIFICATION_FRAMES_RECOMMENDED} x 1280 px webcam frames, the 6 approved 1080 px photos analysed when the attempt started (the normal flow)`,
    value: `p99 ${warm(99).toFixed(0)} ms, p50 ${warm(50).toFixed(0)} ms (${common})`,
    target: 'p99 < 5 s',
    machine: MACHINE,
    reproduce: 'npm run bench:face',
  });
  await recordResult({
    benchmark: 'face',
    metric: `photo verification time per liveness recording, ${VERIFICATION_FRAMES_RECOMMENDED} x 1280 px webcam frames, the 6 approved 1080 px photos analysed when the attempt started on another process (shared store)`,
    value: `p99 ${viaStore(99).toFixed(0)} ms, p50 ${viaStore(50).toFixed(0)} ms (references via ${store}; ${common})`,
    target: 'p99 < 5 s',
    machine: MACHINE,
    reproduce: 'npm run bench:face',
  });
  await recordResult({
    benchmark: 'face',
    metric: `photo verification time per liveness recording, ${VERIFICATION_FRAMES_RECOMMENDED} x 1280 px webcam frames, the 6 approved 1080 px photos analysed at the check (photos changed after the attempt started)`,
    value: `p99 ${cold(99).toFixed(0)} ms, p50 ${cold(50).toFixed(0)} ms (${common})`,
    target: '-',
    machine: MACHINE,
    reproduce: 'npm run bench:face',
  });
  await recordResult({
    benchmark: 'face',
    metric: 'memory of the face worker (model loaded, after the run)',
    value: `process RSS +${mib(rssAfter - rssBefore)} MiB with the worker; its JS heap ${mib(stats.heapUsedBytes)} MiB used of ${mib(stats.heapTotalBytes)} MiB (capped at 128); tfjs tensors (weights, in wasm memory) ${mib(stats.tensorBytes)} MiB`,
    target: '-',
    machine: MACHINE,
    reproduce: 'npm run bench:face',
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
