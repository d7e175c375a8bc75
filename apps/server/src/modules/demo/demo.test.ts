import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { INTERESTS } from '@funkeln/contracts/profile-details';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { bearer, createTestApp, register, type TestApp } from '../../../test/harness.js';
import { DemoDataRefusedError, seedDemo, type SeedDemoResult } from './demo.seeder.js';

const COUNT = 40;

interface MemberRow {
  id: string;
  email: string;
  email_verified: boolean;
  password_hash: string | null;
  is_demo: boolean;
  display_name: string;
  last_active_at: Date;
  gender: string | null;
  age: number | null;
  interested_in: string[];
  age_min: number;
  age_max: number;
  about_me: string;
  looking_for: string;
  country: string | null;
  status: string | null;
  large_key: string | null;
  thumb_key: string | null;
  blur_key: string | null;
}

let t: TestApp;
let first: SeedDemoResult;
let members: MemberRow[];

beforeAll(async () => {
  t = await createTestApp();
  await t.c.places.ensureLoaded();
  first = await seedDemo(t.c.db, t.c.storage, { nodeEnv: t.c.config.nodeEnv, count: COUNT });
  members = await t.c.db.query<MemberRow & Record<string, unknown>>(
    `SELECT u.id, u.email, u.email_verified, u.password_hash, u.is_demo, u.display_name, u.last_active_at,
            p.gender, date_part('year', age(p.birth_date))::int AS age, p.interested_in, p.age_min, p.age_max,
            p.about_me, p.looking_for, pl.country, ph.status, ph.large_key, ph.thumb_key, ph.blur_key
       FROM users u
       LEFT JOIN profiles p ON p.user_id = u.id
       LEFT JOIN places pl ON pl.id = p.place_id
       LEFT JOIN photos ph ON ph.user_id = u.id`,
  );
}, 120_000);
afterAll(() => t.close());

describe('seedDemo', () => {
  it(`creates ${COUNT} marked demo members that cannot receive mail`, () => {
    expect(first).toEqual({ created: COUNT, skipped: false });
    expect(members).toHaveLength(COUNT);
    for (const m of members) {
      expect(m.is_demo).toBe(true);
      expect(m.email).toMatch(/^demo\+\d+@demo\.funkeln\.invalid$/);
      expect(m.email_verified).toBe(true);
      expect(m.password_hash).toBeNull();
      expect(m.display_name.length).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(members.map((m) => m.email)).size).toBe(COUNT);
  });

  it('gives every member a complete profile in a German city', () => {
    for (const m of members) {
      expect(['female', 'male', 'diverse']).toContain(m.gender);
      expect(m.age).toBeGreaterThanOrEqual(19);
      expect(m.age).toBeLessThanOrEqual(55);
      expect(m.interested_in.length).toBeGreaterThan(0);
      expect(m.age_min).toBeLessThanOrEqual(m.age ?? 0);
      expect(m.age_max).toBeGreaterThanOrEqual(m.age ?? 0);
      expect(m.about_me.length).toBeGreaterThan(10);
      expect(m.looking_for.length).toBeGreaterThan(10);
      expect(m.country).toBe('DE');
    }
    expect(new Set(members.map((m) => m.gender)).size).toBeGreaterThan(1);
  });

  it('gives every member 3 to 6 interests from the catalogue', async () => {
    const rows = await t.c.db.query<{ interests: string[] }>('SELECT interests FROM profiles');
    const known = new Set<string>(INTERESTS.map((i) => i.id));
    for (const { interests } of rows) {
      expect(interests.length).toBeGreaterThanOrEqual(3);
      expect(interests.length).toBeLessThanOrEqual(6);
      expect(interests.every((i) => known.has(i))).toBe(true);
      expect(new Set(interests).size).toBe(interests.length);
    }
  });

  it('spreads last activity over the last two weeks', () => {
    const now = Date.now();
    for (const m of members) {
      expect(m.last_active_at.getTime()).toBeLessThanOrEqual(now);
      expect(m.last_active_at.getTime()).toBeGreaterThan(now - 14 * 86_400_000 - 60_000);
    }
  });

  it('stores an approved, re-encoded photo without metadata for everyone', async () => {
    for (const m of members) {
      expect(m.status).toBe('approved');
      expect(m.blur_key).toBeNull();
      for (const key of [m.large_key, m.thumb_key]) {
        expect(key).toMatch(/^[0-9a-f]{32}\.jpg$/);
        const data = await t.c.storage.get(key ?? '');
        expect(data?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
        const meta = await sharp(data).metadata();
        expect(meta.format).toBe('jpeg');
        expect(meta.exif).toBeUndefined();
      }
      const large = await sharp(await t.c.storage.get(m.large_key ?? '')).metadata();
      expect([large.width, large.height]).toEqual([800, 800]);
    }
  });

  it('does nothing the second time', async () => {
    expect(await seedDemo(t.c.db, t.c.storage, { nodeEnv: 'test', count: COUNT })).toEqual({ created: 0, skipped: true });
    expect(await t.c.db.query('SELECT 1 FROM users WHERE is_demo')).toHaveLength(COUNT);
  });

  it('shows demo members in the feed of a new member', async () => {
    const { token } = await register(t.app);
    const berlin = (await t.c.places.search('Berlin'))[0]?.id;
    const profile = { birthDate: '1990-05-05', gender: 'male', interestedIn: ['female'], ageMin: 18, ageMax: 99, placeId: berlin };
    expect((await t.app.inject({ method: 'PUT', url: '/api/me/profile', headers: bearer(token), payload: profile })).statusCode).toBe(200);
    const feed = await t.app.inject({ method: 'GET', url: '/api/feed', headers: bearer(token) });
    expect(feed.statusCode).toBe(200);
    const ids = new Set(members.map((m) => m.id));
    const cards = feed.json<{ id: string }[]>();
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((c) => ids.has(c.id))).toBe(true);
  });

  it('lets nobody sign in as a demo member', async () => {
    // Shorter than any password can be: refused by the schema before anything is looked up.
    for (const [password, status] of [['x', 400], ['irgendwas123', 401], ['funkeln-dummy-password', 401]] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: members[0]?.email, password } });
      expect(res.statusCode, password).toBe(status);
    }
  });
});

describe('seedDemo refuses', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
  });
  afterAll(() => fresh.close());

  const nothingWritten = async () => {
    expect(await fresh.c.db.query('SELECT 1 FROM users WHERE is_demo')).toHaveLength(0);
    expect(await fresh.c.db.query('SELECT 1 FROM photos')).toHaveLength(0);
  };

  it('in production, without any override', async () => {
    const production = loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.org:587', DATA_DIR: fresh.c.config.dataDir });
    await expect(seedDemo(fresh.c.db, fresh.c.storage, { nodeEnv: production.nodeEnv, count: 1 })).rejects.toThrow(DemoDataRefusedError);
    await expect(seedDemo(fresh.c.db, fresh.c.storage, { nodeEnv: 'production', count: 1 })).rejects.toThrow(/production/i);
    await nothingWritten();
  });

  it('on a database with more than 1000 real members', async () => {
    await fresh.c.db.query(
      `INSERT INTO users (id, email, display_name) SELECT gen_random_uuid(), 'real' || i || '@example.org', 'Mitglied' FROM generate_series(1, 1001) AS i`,
    );
    await expect(seedDemo(fresh.c.db, fresh.c.storage, { nodeEnv: 'development', count: 1 })).rejects.toThrow(/1001/);
    await nothingWritten();
  });
});

describe('two seeders at once', () => {
  let both: TestApp;
  beforeAll(async () => {
    both = await createTestApp();
    await both.c.places.ensureLoaded();
  }, 60_000);
  afterAll(() => both.close());

  it('seed once; the loser keeps no photo files', async () => {
    const run = () => seedDemo(both.c.db, both.c.storage, { nodeEnv: 'test', count: 4 });
    const results = await Promise.all([run(), run()]);
    expect(results.map((r) => r.created).sort()).toEqual([0, 4]);
    expect(await both.c.db.query('SELECT 1 FROM users WHERE is_demo')).toHaveLength(4);
    const root = join(both.c.config.dataDir, 'photos');
    const files = readdirSync(root).flatMap((dir) => readdirSync(join(root, dir)));
    expect(files).toHaveLength(4 * 2); // large and thumb
  });
});
