/**
 * bench/photo-hash: the duplicate-photo check (issue 57 item 9), measured two ways.
 * 1. Quality: 24 portrait windows cut from the face-api sample photos, each with 8 copies a thief
 *    makes (recompressed, resized, mirrored, cropped, recoloured, grey, combined): how many match at
 *    the threshold, and how many pairs of different pictures (276) and of demo avatars (look-alikes
 *    by design, 200 -> 19,900 pairs) would be flagged wrongly. The comparison is the service's own
 *    (closestMatches over both views and mirrors).
 * 2. Lookup: 100,000 photos (200,000 view hashes, uniformly random) in photo_hashes on PGlite; the
 *    band-probe query plus the exact count, for 200 uploads (100 near copies of stored photos, 100 new).
 * Reproduce: `npm run bench:photo-hash` (or `npx tsx bench/photo-hash.ts [photos]`).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createPgliteDb } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { candidates } from '../apps/server/src/modules/photos/duplicates/duplicates.repo.js';
import { closestMatches } from '../apps/server/src/modules/photos/duplicates/duplicates.service.js';
import { bandProbes, DUPLICATE_MAX_DISTANCE, photoViews, toSigned, type ViewHashes } from '../apps/server/src/modules/photos/duplicates/phash.js';
import { avatars, originals, variants } from './photo-hash-samples.js';
import { MACHINE, recordResult } from './results.js';

const PHOTOS = Number(process.argv[2] ?? 100_000);
const reproduce = 'npm run bench:photo-hash';
const record = (metric: string, value: string, target = '-') => recordResult({ benchmark: 'photo-hash', metric, value, target, machine: MACHINE, reproduce });

const stored = (views: ViewHashes[], id: string) => views.map((v) => ({ photo_id: id, view: v.view, hash: toSigned(v.hash).toString() }));

async function quality(): Promise<void> {
  const pictures = await originals();
  const views = await Promise.all(pictures.map((p) => photoViews(p.image)));
  const byKind = new Map<string, number[]>();
  for (const [i, p] of pictures.entries()) {
    for (const v of await variants(p.image)) {
      const [m] = closestMatches(await photoViews(v.image), stored(views[i]!, p.name));
      byKind.set(v.kind, [...(byKind.get(v.kind) ?? []), m ? m.distance : 99]);
    }
  }
  for (const [kind, ds] of byKind) {
    const hits = ds.filter((d) => d <= DUPLICATE_MAX_DISTANCE).length;
    const near = ds.filter((d) => d <= DUPLICATE_MAX_DISTANCE);
    const line = `${hits}/${ds.length} matched${near.length ? ` (distances ${Math.min(...near)}-${Math.max(...near)})` : ''}${hits < ds.length ? `; ${ds.length - hits} further than ${DUPLICATE_MAX_DISTANCE} bits` : ''}`;
    console.log(`${kind.padEnd(40)} ${line}`);
    await record(`copies matched at <= ${DUPLICATE_MAX_DISTANCE} bits: ${kind}`, line);
  }
  const falsePairs = async (set: ViewHashes[][], label: string) => {
    let flagged = 0;
    let pairs = 0;
    for (let i = 0; i < set.length; i++) {
      for (let j = i + 1; j < set.length; j++) {
        pairs++;
        if (closestMatches(set[i]!, stored(set[j]!, 'x')).length > 0) flagged++;
      }
    }
    const line = `${flagged} of ${pairs} pairs flagged (${((100 * flagged) / pairs).toFixed(2)} %)`;
    console.log(`${label.padEnd(40)} ${line}`);
    await record(`different pictures flagged at <= ${DUPLICATE_MAX_DISTANCE} bits: ${label}`, line, '0');
  };
  await falsePairs(views, 'sample portraits (24)');
  await falsePairs(await Promise.all((await avatars(200)).map((a) => photoViews(a.image))), 'demo avatars (200)');
}

const randomHash = () => randomBytes(8).readBigInt64BE();

async function lookup(): Promise<void> {
  const db = createPgliteDb(undefined);
  await migrate(db);
  // The lookup reads photo_hashes only: its foreign keys are dropped so the bench needs no photos or members.
  await db.query('ALTER TABLE photo_hashes DROP CONSTRAINT photo_hashes_photo_id_fkey, DROP CONSTRAINT photo_hashes_user_id_fkey');
  const owners = Array.from({ length: 1000 }, () => randomUUID());
  const kept: bigint[] = [];
  for (let start = 0; start < PHOTOS; start += 5000) {
    const n = Math.min(5000, PHOTOS - start);
    const ids: string[] = [];
    const viewsCol: number[] = [];
    const users: string[] = [];
    const hashes: string[] = [];
    for (let i = 0; i < n; i++) {
      const id = randomUUID();
      for (const view of [0, 1]) {
        const h = randomHash();
        if (view === 0 && kept.length < 100) kept.push(h);
        ids.push(id);
        viewsCol.push(view);
        users.push(owners[(start + i) % owners.length]!);
        hashes.push(h.toString());
      }
    }
    await db.query('INSERT INTO photo_hashes (photo_id, view, user_id, hash) SELECT * FROM unnest($1::uuid[], $2::smallint[], $3::uuid[], $4::bigint[])', [ids, viewsCol, users, hashes]);
  }
  await db.query('ANALYZE photo_hashes');
  const uploader = randomUUID();
  const queries: { views: ViewHashes[]; near: boolean }[] = [
    // A near copy: 4 bits flipped, one per band (the hardest case the probes must still find).
    ...kept.map((h) => ({ views: [{ view: 0 as const, hash: BigInt.asUintN(64, h ^ 0x0001_0001_0001_0001n), mirror: BigInt.asUintN(64, randomHash()) }], near: true })),
    ...Array.from({ length: 100 }, () => ({ views: [0, 1].map((view) => ({ view: view as 0 | 1, hash: BigInt.asUintN(64, randomHash()), mirror: BigInt.asUintN(64, randomHash()) })), near: false })),
  ];
  const times: number[] = [];
  let found = 0;
  let candidateCount = 0;
  for (const q of queries) {
    const started = performance.now();
    const rows = await candidates(db, uploader, bandProbes(q.views.flatMap((v) => [v.hash, v.mirror])));
    const matches = closestMatches(q.views, rows);
    times.push(performance.now() - started);
    candidateCount += rows.length;
    if (q.near && matches.length > 0) found++;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p95 = times[Math.floor(times.length * 0.95)]!;
  const line = `median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; ${(candidateCount / queries.length).toFixed(1)} candidates per upload; near copies found ${found}/100`;
  console.log(`lookup in ${PHOTOS.toLocaleString('en')} photos: ${line}`);
  await record(`lookup per upload, ${PHOTOS.toLocaleString('en')} photos (${(2 * PHOTOS).toLocaleString('en')} view hashes), PGlite`, line, '< 50 ms');
  const plan = await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN SELECT photo_id FROM photo_hashes WHERE user_id <> $1 AND (band0 = ANY($2::integer[]) OR band1 = ANY($3::integer[]) OR band2 = ANY($4::integer[]) OR band3 = ANY($5::integer[]))`,
    [uploader, ...bandProbes([kept[0]!])],
  );
  console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
}

if (!process.argv.includes('--lookup-only')) await quality();
if (!process.argv.includes('--quality-only')) await lookup();
process.exit(0);
