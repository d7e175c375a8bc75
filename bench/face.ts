/**
 * bench/face: photo verification time per selfie on this machine, the model loaded once: sharp decode
 * -> face-api (SSD MobileNetV1 + 68 landmarks + 128-d descriptor, tfjs-wasm, worker thread) -> pose
 * and distance decision against 6 reference photos. Selfies are webcam-sized (1280 px wide) frames
 * made from the face crops of the sample photos inside @vladmandic/face-api. Also the memory the
 * worker takes. Reproduce: `npm run bench:face` (or `npx tsx bench/face.ts [count]`).
 */
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { decideVerification } from '../apps/server/src/modules/verification/face/decision.js';
import { createFaceEngine, FACE_MODEL_VERSION } from '../apps/server/src/modules/verification/face/face-engine.js';
import { faceCrop, faces } from '../apps/server/test/faces.js';
import { MACHINE, recordResult } from './results.js';

const COUNT = Number(process.argv[2] ?? 60);
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

async function main(): Promise<void> {
  const selfies = await Promise.all(
    Object.values(faces).map(async (f) => sharp(await faceCrop(f, { margin: 0.6 })).resize({ width: 1280 }).jpeg({ quality: 85 }).toBuffer()),
  );
  const engine = createFaceEngine();
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  const references = await Promise.all(selfies.map((s) => engine.analyze(s)));
  const firstMs = performance.now() - t0;
  const photos = references.map((found, i) => ({ isMain: i === 0, descriptors: found.map((f) => f.descriptor) }));
  photos.push({ isMain: false, descriptors: photos[0]?.descriptors ?? [] });

  const latencies: number[] = [];
  const outcomes: Record<string, number> = {};
  const load = loadavg()[0] ?? 0;
  for (let i = 0; i < COUNT; i++) {
    const start = performance.now();
    const selfieFaces = await engine.analyze(selfies[i % selfies.length] as Buffer);
    const decision = decideVerification({ selfieFaces, instruction: 'turn_left', photos, threshold: 0.45, uncertainBand: 0.1 });
    latencies.push(performance.now() - start);
    const key = `${decision.outcome}${decision.reason ? `:${decision.reason}` : ''}`;
    outcomes[key] = (outcomes[key] ?? 0) + 1;
  }
  const stats = await engine.stats();
  const rssAfter = process.memoryUsage().rss;
  await engine.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  console.table({
    selfies: COUNT,
    'worker start + model load + 5 analyses (ms)': firstMs.toFixed(0),
    'p50 (ms)': pct(50).toFixed(0),
    'p99 (ms)': pct(99).toFixed(0),
    'process RSS growth (MiB)': mib(rssAfter - rssBefore),
    'worker JS heap used/total (MiB)': `${mib(stats.heapUsedBytes)}/${mib(stats.heapTotalBytes)}`,
    'tfjs tensors (MiB)': mib(stats.tensorBytes),
    'load average (1 min) at start': load.toFixed(2),
    outcomes: JSON.stringify(outcomes),
  });
  await recordResult({
    benchmark: 'face',
    metric: 'photo verification time per selfie (1280 px webcam frame, model loaded once, 6 reference photos)',
    value: `p99 ${pct(99).toFixed(0)} ms, p50 ${pct(50).toFixed(0)} ms (${FACE_MODEL_VERSION}; ${COUNT} selfies one after another; first call incl. worker start and model load ${firstMs.toFixed(0)} ms for 5 images; load average ${load.toFixed(2)} on 2 cores)`,
    target: 'p99 < 2 s',
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
