import { randomBytes, randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { BlobStorage } from '../platform/storage/blob-storage.js';
import { processImage } from '../modules/photos/index.js';
import { foldForSearch } from '../modules/places/index.js';
import { renderAvatar } from './avatar.js';
import { seedDemoActivity, type DemoActivityResult } from './demo-activity.seeder.js';
import { DEMO_CITIES } from './demo-data.js';
import { planMembers, type DemoMember } from './demo-plan.js';
import { countMembers, findGermanPlaces, insertDemoMembers, lockSeeding, type DemoRow } from './demo.repo.js';
import { createRng } from './random.js';

export const DEFAULT_DEMO_COUNT = 300;
export const DEFAULT_DEMO_SEED = 20_240_611;
/** A database with more real members than this is a real one: no demo data there. */
const MAX_REAL_USERS = 1000;
const INSERT_BATCH = 100;
export const MAX_DEMO_COUNT = 5000;

export interface SeedDemoOptions {
  /** Required on purpose: in production nothing is seeded, and there is no override. */
  nodeEnv: Config['nodeEnv'];
  count?: number;
  now?: Date;
  /** PRNG seed: the same seed gives the same names, profiles and avatars. */
  seed?: number;
  /** Avatars rendered at once (CPU-bound; 3 suits a 2-core machine). */
  concurrency?: number;
  onProgress?: (rendered: number, total: number) => void;
}

export interface SeedDemoResult {
  created: number;
  skipped: boolean;
  /** Top10 entries and this month's votes (also for a demo set seeded before). */
  activity: DemoActivityResult;
}

export class DemoDataRefusedError extends Error {
  override name = 'DemoDataRefusedError';
}

/** Throws DemoDataRefusedError in production; callers may check before they touch a database. */
export function refuseProduction(nodeEnv: Config['nodeEnv']): void {
  if (nodeEnv === 'production') {
    throw new DemoDataRefusedError(
      'Demo-Daten werden nie in einer Produktionsdatenbank angelegt (NODE_ENV=production). / Demo data is never seeded in production.',
    );
  }
}

function refuseRealDatabase(real: number): void {
  if (real > MAX_REAL_USERS) {
    throw new DemoDataRefusedError(
      `Die Datenbank hat ${real} echte Mitglieder – das ist keine Entwicklungsdatenbank, Demo-Daten werden nicht angelegt. ` +
        `/ The database has ${real} real members; refusing to add demo data.`,
    );
  }
}

/** [place id, weight] for every demo city the gazetteer knows. */
async function demoPlaces(db: Db): Promise<(readonly [number, number])[]> {
  const ids = await findGermanPlaces(db, DEMO_CITIES.map(([name]) => foldForSearch(name)));
  const places = DEMO_CITIES.flatMap(([name, weight]) => {
    const id = ids.get(foldForSearch(name));
    return id === undefined ? [] : [[id, weight] as const];
  });
  if (places.length === 0) {
    throw new Error('Das Ortsverzeichnis ist leer – zuerst places.ensureLoaded() aufrufen. / The places table is empty.');
  }
  return places;
}

const newKey = () => `${randomBytes(16).toString('hex')}.jpg`;

/** Draws the avatar, re-encodes it exactly like an upload and stores large and thumb. */
async function renderPhoto(storage: BlobStorage, member: DemoMember, stored: string[]): Promise<DemoRow> {
  const image = await processImage(await renderAvatar(member.avatarSeed, member.gender));
  const row: DemoRow = {
    member,
    memberId: randomUUID(),
    photoId: randomUUID(),
    largeKey: newKey(),
    thumbKey: newKey(),
    width: image.width,
    height: image.height,
  };
  for (const [key, data] of [[row.largeKey, image.large], [row.thumbKey, image.thumb]] as const) {
    await storage.put(key, data);
    stored.push(key);
  }
  return row;
}

/**
 * Creates `count` demo members (is_demo, no password, approved generated photo) unless there
 * are demo members already, then their Top10 activity for the month (seedDemoActivity).
 */
export async function seedDemo(db: Db, storage: BlobStorage, options: SeedDemoOptions): Promise<SeedDemoResult> {
  const members = await seedMembers(db, storage, options);
  const activity = await seedDemoActivity(db, { now: options.now, seed: options.seed ?? DEFAULT_DEMO_SEED });
  return { ...members, activity };
}

/**
 * The members, all of them in one transaction, so a database never holds half a demo set; photo
 * files of an attempt that does not commit are deleted again.
 */
async function seedMembers(db: Db, storage: BlobStorage, options: SeedDemoOptions): Promise<Omit<SeedDemoResult, 'activity'>> {
  refuseProduction(options.nodeEnv);
  const count = options.count ?? DEFAULT_DEMO_COUNT;
  if (!Number.isInteger(count) || count < 1 || count > MAX_DEMO_COUNT) throw new RangeError(`count must be 1–${MAX_DEMO_COUNT}, got ${count}`);
  const before = await countMembers(db);
  refuseRealDatabase(before.real);
  if (before.demo > 0) return { created: 0, skipped: true };

  const members = planMembers(createRng(options.seed ?? DEFAULT_DEMO_SEED), count, options.now ?? new Date(), await demoPlaces(db));

  const stored: string[] = [];
  let committed = false;
  try {
    const cpu = pLimit(options.concurrency ?? 3);
    let rendered = 0;
    // allSettled: on a failure, no render may still be storing files when the cleanup runs.
    const results = await Promise.allSettled(
      members.map((m) =>
        cpu(async () => {
          const row = await renderPhoto(storage, m, stored);
          options.onProgress?.(++rendered, count);
          return row;
        }),
      ),
    );
    const rows = results.map((r) => {
      if (r.status === 'rejected') throw r.reason;
      return r.value;
    });
    const created = await db.transaction(async (tx) => {
      await lockSeeding(tx);
      const current = await countMembers(tx); // another process may have seeded meanwhile
      refuseRealDatabase(current.real);
      if (current.demo > 0) return 0;
      for (let i = 0; i < rows.length; i += INSERT_BATCH) await insertDemoMembers(tx, rows.slice(i, i + INSERT_BATCH));
      return rows.length;
    });
    committed = created > 0;
    return { created, skipped: created === 0 };
  } finally {
    if (!committed) await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
  }
}
