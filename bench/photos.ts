/**
 * bench/photos: photos per second through the whole upload path on this machine:
 * HTTP multipart -> sniff -> sharp re-encode (1080 + 320 JPEG, metadata stripped) -> nsfwjs
 * (MobileNetV2, wasm, worker thread) and the face check (face-api tiny detector, its own worker
 * thread) -> storage -> database. Inputs are 12-megapixel JPEGs like a phone makes, each with a
 * face (a crop of a face-api sample photo), since a first photo without one is refused. Reproduce: `npm run bench:photos` (or `npx tsx bench/photos.ts [count]`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createContainer } from '../apps/server/src/container.js';
import { createPgliteDb } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { faceCrop, faces } from '../apps/server/test/faces.js';
import { multipart } from '../apps/server/test/images.js';
import { MACHINE, recordResult } from './results.js';

const COUNT = Number(process.argv[2] ?? 60);
const CONCURRENCY = 4;

async function phonePhoto(seed: number): Promise<Buffer> {
  const w = 4000;
  const h = 3000;
  const noise = await sharp({ create: { width: w / 4, height: h / 4, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
    .png()
    .toBuffer();
  const tint = { r: (seed * 53) % 255, g: (seed * 97) % 255, b: (seed * 29) % 255 };
  const scene = await sharp(noise).resize(w, h).tint(tint).png().toBuffer();
  const face = await sharp(await faceCrop(faces.frontal)).resize({ height: 1800 }).toBuffer({ resolveWithObject: true });
  return sharp(scene)
    .composite([{ input: face.data, left: Math.round((w - face.info.width) / 2), top: Math.round((h - face.info.height) / 2) }])
    .jpeg({ quality: 88 })
    .withExif({ IFD0: { Make: 'Bench', Model: `Phone ${seed}` } })
    .toBuffer();
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'funkeln-bench-'));
  const db = createPgliteDb(undefined);
  await migrate(db);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const c = createContainer(config, db, { warn: () => undefined, error: () => undefined });
  const app = await buildApp(c, { logger: false });
  const inputs = await Promise.all([0, 1, 2, 3, 4, 5].map(phonePhoto));
  console.log(`inputs: 6 distinct 4000x3000 JPEGs, ${(inputs.reduce((n, b) => n + b.length, 0) / inputs.length / 1e6).toFixed(1)} MB average`);

  // One member per upload keeps the per-member upload limit out of the measurement.
  const tokens: string[] = [];
  for (let i = 0; i < COUNT + 2; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: `10.${i % 250}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
      payload: { email: `bench${i}@example.org`, password: 'Kiwi-Wolke-Geheim-42', displayName: 'Bench' },
    });
    tokens.push(res.json<{ token: string }>().token);
  }
  const upload = async (i: number) => {
    const body = multipart(inputs[i % inputs.length] ?? Buffer.alloc(0));
    const res = await app.inject({
      method: 'POST',
      url: '/api/photos/upload',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${tokens[i]}` },
    });
    if (res.statusCode !== 200) throw new Error(`upload ${i}: ${res.statusCode} ${res.body}`);
    return res.json<{ photo: { status: string } }>().photo.status;
  };
  await upload(COUNT); // warm-up: starts the model worker
  await upload(COUNT + 1);

  const loadBefore = loadavg()[0]?.toFixed(2) ?? '?';
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < COUNT) {
        const i = next++;
        const t0 = performance.now();
        const status = await upload(i);
        latencies.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const perSecond = COUNT / seconds;
  const rows = [
    ['photos', String(COUNT)],
    ['concurrency', String(CONCURRENCY)],
    ['photos per second', perSecond.toFixed(1)],
    ['latency p50 (ms)', pct(50).toFixed(0)],
    ['latency p99 (ms)', pct(99).toFixed(0)],
    ['moderation outcomes', JSON.stringify(statuses)],
    ['load average (1 min) at the end', loadavg()[0]?.toFixed(2) ?? '?'],
  ];
  console.table(Object.fromEntries(rows));
  await recordResult({
    benchmark: 'photos',
    metric: 'upload -> re-encode -> moderation + face check, 12 MP JPEG with a face',
    value: `${perSecond.toFixed(1)} photos/s (p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, ${CONCURRENCY} concurrent; load average ${loadBefore} before the run)`,
    target: '>= 8 photos/s',
    machine: MACHINE,
    reproduce: 'npm run bench:photos',
  });
  await app.close();
  await c.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
