import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { INTERESTS } from '@funkeln/contracts/profile-details';
import { photoCategories } from '@funkeln/contracts/leaderboard';
import { berlinToday } from '@funkeln/contracts/profiles';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { bearer, createAppOn, createTestApp, register, type TestApp } from '../../test/harness.js';
import { processImage } from '../modules/photos/index.js';
import { avatarTraits, renderAvatar } from './avatar.js';
import { ENTRIES_PER_CATEGORY } from './demo-activity.js';
import { VISIT_EVERY_MS } from './demo-life.js';
import { planMembers } from './demo-plan.js';
import { OPERATOR_ENV } from '../../test/operator-env.js';
import { DEFAULT_DEMO_SEED, DemoDataRefusedError, seedDemo, type SeedDemoResult } from './demo.seeder.js';
import { createRng } from './random.js';

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
    expect(first).toMatchObject({ created: COUNT, skipped: false });
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
    expect(await seedDemo(t.c.db, t.c.storage, { nodeEnv: 'test', count: COUNT })).toEqual({ created: 0, skipped: true, activity: { entries: 0, votes: 0 } });
    expect(await t.c.db.query('SELECT 1 FROM photo_entries')).toHaveLength(first.activity.entries);
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

describe('the demo Top10', () => {
  const newMember = async (gender: string, interestedIn: string[]) => {
    const { token } = await register(t.app);
    const berlin = (await t.c.places.search('Berlin'))[0]?.id;
    const profile = { birthDate: '1992-03-03', gender, interestedIn, ageMin: 18, ageMax: 99, placeId: berlin };
    expect((await t.app.inject({ method: 'PUT', url: '/api/me/profile', headers: bearer(token), payload: profile })).statusCode).toBe(200);
    return token;
  };

  it(`enters ${ENTRIES_PER_CATEGORY} demo members in every category, each with votes`, async () => {
    expect(first.activity).toEqual({ entries: ENTRIES_PER_CATEGORY * photoCategories.length, votes: expect.any(Number) as number });
    const rows = await t.c.db.query<{ category: string; n: number }>(
      `SELECT e.category, count(*)::int AS n FROM photo_entries e JOIN users u ON u.id = e.user_id AND u.is_demo GROUP BY e.category`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.category, r.n]))).toEqual(Object.fromEntries(photoCategories.map((c) => [c, ENTRIES_PER_CATEGORY])));
  });

  it('shows a Top10 and a photo to rate in every category, to members of every gender and wish', async () => {
    for (const [gender, wish] of [['female', ['male']], ['male', ['female']], ['diverse', ['diverse']]] as const) {
      const token = await newMember(gender, [...wish]);
      for (const category of photoCategories) {
        const top = await t.app.inject({ method: 'GET', url: `/api/leaderboard/${category}`, headers: bearer(token) });
        expect(top.statusCode).toBe(200);
        const entries = top.json<{ rank: number; score: number }[]>();
        expect(entries.map((e) => e.rank)).toEqual(Array.from({ length: ENTRIES_PER_CATEGORY }, (_, i) => i + 1));
        expect(entries.every((e, i) => e.score >= 1 && e.score <= (entries[i - 1]?.score ?? e.score))).toBe(true);
        const next = await t.app.inject({ method: 'GET', url: `/api/votes/next?category=${category}`, headers: bearer(token) });
        expect(next.statusCode).toBe(200);
        expect(next.json<{ candidate: unknown }>().candidate, `${gender} ${category}`).not.toBeNull();
      }
    }
  });

  it('dates every vote within the current Berlin month, spread over its days, and keeps each score equal to its votes', async () => {
    const month = berlinToday().slice(0, 7);
    const [span] = await t.c.db.query<{ months: string[]; early: boolean; late: boolean; days: number; wrong_day: number }>(
      `SELECT array_agg(DISTINCT month) AS months,
              bool_and(created_at >= (date_trunc('month', now() AT TIME ZONE 'Europe/Berlin') AT TIME ZONE 'Europe/Berlin')) AS early,
              bool_and(created_at <= now()) AS late,
              count(DISTINCT day)::int AS days,
              count(*) FILTER (WHERE day <> (created_at AT TIME ZONE 'Europe/Berlin')::date)::int AS wrong_day
         FROM photo_votes`,
    );
    expect(span).toEqual({ months: [month], early: true, late: true, days: expect.any(Number) as number, wrong_day: 0 });
    const dayOfMonth = Number(berlinToday().slice(8, 10));
    expect(span?.days).toBeGreaterThanOrEqual(Math.min(dayOfMonth, 2));
    const off = await t.c.db.query(
      `SELECT s.photo_id FROM photo_scores s
        WHERE s.score <> (SELECT count(*) FROM photo_votes v WHERE v.photo_id = s.photo_id AND v.category = s.category AND v.month = s.month)`,
    );
    expect(off).toHaveLength(0);
    expect(first.activity.votes).toBe((await t.c.db.query('SELECT 1 FROM photo_votes')).length);
  });
});

describe('demo avatars', () => {
  const STYLE_OF: Record<string, readonly string[]> = {
    female: ['long', 'bob', 'bun', 'ponytail', 'curly', 'afro'],
    male: ['short', 'quiff', 'buzz', 'bald', 'undercut', 'curly', 'afro'],
  };

  it("are drawn for the member's gender: the stored photo is that avatar, and hair and beard fit", async () => {
    // The plan again, with the seeder's seed: the same draws give the same avatar seeds (place and date do not change them).
    const plan = planMembers(createRng(DEFAULT_DEMO_SEED), COUNT, new Date(), [[1, 1]]);
    const byEmail = new Map(members.map((m) => [m.email, m]));
    for (const p of plan) {
      const m = byEmail.get(p.email);
      expect(m?.gender).toBe(p.gender);
      const traits = avatarTraits(p.avatarSeed, p.gender);
      if (p.gender !== 'diverse') expect(STYLE_OF[p.gender], p.email).toContain(traits.style);
      if (p.gender === 'female') expect(traits.face.beard).toBe('none');
    }
    for (const p of plan.slice(0, 3)) {
      const drawn = await processImage(await renderAvatar(p.avatarSeed, p.gender));
      const stored = await t.c.storage.get(byEmail.get(p.email)?.large_key ?? '');
      expect(stored?.equals(drawn.large), p.email).toBe(true);
    }
  });

  it('never give a woman short hair or a beard, nor a man long hair, bold colours or hoops', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const woman = avatarTraits(seed, 'female');
      expect(STYLE_OF.female).toContain(woman.style);
      expect(woman.face.beard).toBe('none');
      const man = avatarTraits(seed, 'male');
      expect(STYLE_OF.male).toContain(man.style);
      expect(man.face.earrings).not.toBe('hoop');
    }
  });
});

describe('demo members like back', () => {
  it('about one like in three, the same answer for the same pair', async () => {
    let likes = 0;
    let matches = 0;
    for (let i = 0; i < 4; i++) {
      const { token } = await register(t.app);
      for (const m of members) {
        const res = await t.app.inject({ method: 'POST', url: `/api/likes/${m.id}`, headers: bearer(token) });
        expect(res.statusCode).toBe(200);
        likes++;
        if (res.json<{ match: boolean }>().match) matches++;
      }
    }
    expect(likes).toBe(4 * COUNT);
    expect(matches / likes).toBeGreaterThan(0.2);
    expect(matches / likes).toBeLessThan(0.45);
  });
});

describe('demo members online', () => {
  let live: TestApp;
  beforeAll(async () => {
    // The job runs in development only (tests keep their online counts exact); this app shares the seeded database.
    live = await createAppOn(t.c.db, { NODE_ENV: 'development', DEMO_DATA: '1', JOB_POLL_MS: '50' });
  });
  afterAll(() => live.close());

  it('a new handful drops by every minute and counts as online', async () => {
    const demo = live.c.modules.demo;
    if (!demo) throw new Error('no demo module with DEMO_DATA=1');
    const now = Date.now();
    const first = await demo.services.demoLife.tick(new Date(now));
    const second = await demo.services.demoLife.tick(new Date(now + VISIT_EVERY_MS));
    expect(first.length).toBeGreaterThanOrEqual(2);
    expect(first.length).toBeLessThanOrEqual(4);
    expect(second).not.toEqual(first);
    const demoIds = new Set(members.map((m) => m.id));
    expect([...first, ...second].every((id) => demoIds.has(id))).toBe(true);
    for (const id of [...first, ...second]) await vi.waitFor(async () => expect(await live.app.realtime.isOnline(id)).toBe(true));
    await vi.waitFor(async () => expect(await live.app.realtime.presence.refresh()).toBe(new Set([...first, ...second]).size));
  });

  it('runs as a job that stops with the app, and not at all under NODE_ENV=test', async () => {
    const [job, ...more] = live.c.modules.demo?.jobs ?? [];
    expect(job).toBeDefined();
    expect(more).toHaveLength(0);
    live.c.startJobs();
    const ran = async () => (await t.c.db.query<{ run_count: number; locked_by: string | null }>(`SELECT run_count, locked_by FROM job_runs WHERE name = 'demo-life'`))[0];
    await vi.waitFor(async () => expect((await ran())?.run_count).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
    await job?.stop();
    expect((await ran())?.locked_by).toBeNull(); // stopped between runs, none left half-done
    const quiet = await createAppOn(t.c.db, { DEMO_DATA: '1' });
    expect(quiet.c.modules.demo?.jobs).toEqual([]);
    await quiet.close();
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
    const production = loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.org:587', DATA_DIR: fresh.c.config.dataDir, ...OPERATOR_ENV });
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
