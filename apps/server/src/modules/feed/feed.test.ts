import { describe, expect, it } from 'vitest';
import { register } from '../../../test/harness.js';
import type { ApiMember as Member } from '../../../test/members.js';
import { useSwipers } from '../../../test/swipers.js';

const { t, place, api, member, feedIds } = useSwipers();

describe('feed', () => {
  it('shows cards per spec 3 and validates the radius with a German message', async () => {
    const anna = await member('Anna', 'female', ['male']);
    const ben = await member('Ben', 'male', ['female'], place.potsdam);
    const res = await api('GET', '/api/feed?radius=', anna.token);
    expect(res.statusCode).toBe(200);
    const card = res.json<Record<string, unknown>[]>().find((c) => c.id === ben.id);
    expect(card).toMatchObject({ id: ben.id, name: 'Ben', city: 'Potsdam', age: expect.any(Number), photoUrl: expect.stringContaining('/api/photos/') });
    expect(Object.keys(card ?? {}).sort()).toEqual(['age', 'badges', 'city', 'id', 'name', 'photoUrl', 'photoVerified', 'photos']); // no distance without premium
    expect(card?.photoVerified).toBe(false);
    expect(card?.badges).toEqual(['Fotogen']);
    for (const bad of ['abc', '0', '501', '2.5', '-3', '1e2']) {
      const r = await api('GET', `/api/feed?radius=${bad}`, anna.token);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().message).toContain('Umkreis');
    }
    expect(await feedIds(anna, '?radius=50')).toContain(ben.id); // Potsdam is ~27 km from Berlin
    expect(await feedIds(anna, '?radius=10')).not.toContain(ben.id);
  });

  it('filters to members with the "Foto verifiziert" badge ("nur verifizierte Profile") and refuses other filter values', async () => {
    const viewer = await member('Vroni', 'female', ['male']);
    const plain = await member('Paul', 'male', ['female']);
    const checked = await member('Carl', 'male', ['female']);
    // The badge as a finished check leaves it (an attempt decided in the member's favour).
    await t.c.db.query(
      `INSERT INTO verification_attempts (id, user_id, instruction, status, expires_at) VALUES (gen_random_uuid(), $1, 'tilt', 'verified', now() + interval '10 minutes')`,
      [checked.id],
    );
    await t.c.db.query('INSERT INTO photo_verifications (user_id, attempt_id) SELECT user_id, id FROM verification_attempts WHERE user_id = $1', [checked.id]);
    // Announced as the verification service announces a decision (caches, the feed index, keep members by it).
    t.c.events.publish('users.changed', { userIds: [checked.id] });
    expect(await feedIds(viewer)).toEqual(expect.arrayContaining([plain.id, checked.id]));
    const only = await feedIds(viewer, '?verified=true');
    expect(only).toContain(checked.id);
    expect(only).not.toContain(plain.id);
    // The unfiltered deck is not the filtered one, and 'false' is no filter.
    expect(await feedIds(viewer, '?verified=false')).toEqual(expect.arrayContaining([plain.id, checked.id]));
    // Every card says whether its member carries the badge.
    const cards = (await api('GET', '/api/feed', viewer.token)).json<{ id: string; photoVerified: boolean }[]>();
    expect(cards.find((c) => c.id === checked.id)?.photoVerified).toBe(true);
    expect(cards.find((c) => c.id === plain.id)?.photoVerified).toBe(false);
    for (const bad of ['1', 'TRUE', 'yes', 'true%00', '']) {
      const r = await api('GET', `/api/feed?verified=${bad}`, viewer.token);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().message, bad).toContain('nur verifizierte Profile');
    }
  });

  it('asks an incomplete profile to be completed first', async () => {
    const { token } = await register(t.app);
    const res = await api('GET', '/api/feed', token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Vervollständige zuerst dein Profil/);
  });

  it('pages with a cursor header and shows each card once', async () => {
    const viewer = await member('Vera', 'female', ['male']);
    for (let i = 0; i < 5; i++) await member(`Mann ${i}`, 'male', ['female']);
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 50; i++) {
      const res = await api('GET', `/api/feed?limit=2${cursor ? `&cursor=${cursor}` : ''}`, viewer.token);
      seen.push(...res.json<{ id: string }[]>().map((c) => c.id));
      cursor = String(res.headers['x-next-cursor'] ?? '');
      if (!cursor) break;
    }
    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect(new Set(seen).size).toBe(seen.length);
    expect((await api('GET', '/api/feed?cursor=kaputt', viewer.token)).statusCode).toBe(400);
  });

  it('gives premium members distance bands, never coordinates', async () => {
    const paula = await member('Paula', 'female', ['male']);
    const max = await member('Max', 'male', ['female'], place.potsdam);
    await t.c.db.query("UPDATE users SET premium_until = now() + interval '30 days' WHERE id = $1", [paula.id]);
    const res = await api('GET', '/api/feed?radius=100', paula.token);
    const card = res.json<Record<string, unknown>[]>().find((c) => c.id === max.id);
    expect(card?.distance).toMatch(/^(unter 5 km|\d+ km)$/);
    expect(card?.distance).toBe('30 km'); // Berlin–Potsdam ~26-27 km, rounded up to 5 km steps
    expect(res.body).not.toMatch(/"(lat|lon|latitude|longitude|coordinates)"/);
  });
});

describe('location privacy (trilateration)', () => {
  it('three probes with the radius filter and distance bands cannot place a target more precisely than the grid', async () => {
    const target = await member('Ziel', 'female', ['male'], place.potsdam);
    const probes: { m: Member; at: { lat: number; lon: number } }[] = [];
    for (const q of ['Berlin', 'Brandenburg an der Havel', 'Beelitz']) {
      const placeId = (await t.c.places.search(q))[0]?.id ?? 0;
      const m = await member(`Sonde ${q}`, 'male', ['female'], placeId);
      await t.c.db.query("UPDATE users SET premium_until = now() + interval '1 day' WHERE id = $1", [m.id]);
      probes.push({ m, at: (await t.c.places.coordinates(placeId)) ?? { lat: 0, lon: 0 } });
    }
    // Each probe finds the smallest whole-km radius that still shows the target: d in (r - 1, r].
    const rings: { at: { lat: number; lon: number }; r: number }[] = [];
    for (const { m, at } of probes) {
      let lo = 1;
      let hi = 500;
      while (lo < hi) {
        const mid = Math.floor((lo + hi) / 2);
        const shown = (await feedIds(m, `?radius=${mid}`)).includes(target.id);
        if (shown) hi = mid;
        else lo = mid + 1;
      }
      await t.c.db.query('DELETE FROM swipes WHERE actor_id = $1', [m.id]);
      rings.push({ at, r: lo });
    }
    // Everything the probes learned is consistent with a region at least about one grid cell wide.
    const truth = (await t.c.places.coordinates(place.potsdam)) ?? { lat: 0, lon: 0 };
    const { haversineKm } = await import('../places/snap.js');
    const feasible: { lat: number; lon: number }[] = [];
    for (let dy = -3; dy <= 3; dy += 0.05) {
      for (let dx = -3; dx <= 3; dx += 0.05) {
        const p = { lat: truth.lat + dy / 111.2, lon: truth.lon + dx / (111.32 * Math.cos((truth.lat * Math.PI) / 180)) };
        if (rings.every(({ at, r }) => haversineKm(at, p) > r - 1 && haversineKm(at, p) <= r)) feasible.push(p);
      }
    }
    expect(feasible.length).toBeGreaterThan(0);
    let extent = 0;
    for (const a of feasible) for (const b of feasible) extent = Math.max(extent, haversineKm(a, b));
    expect(extent).toBeGreaterThanOrEqual(0.9);
    // The bands are coarser still: 5 km steps.
    const card = (await api('GET', '/api/feed?radius=100', probes[0]?.m.token ?? '')).json<{ id: string; distance?: string }[]>().find((c) => c.id === target.id);
    expect(card?.distance).toMatch(/^(unter 5 km|\d*[05] km)$/);
  });

  it('limits how often a member can move their home town', async () => {
    const m = await member('Wanderer', 'male', ['female']);
    const places = await t.c.places.search('Bra');
    let last = 200;
    for (const p of places.slice(0, 4)) last = (await api('PUT', '/api/me/profile', m.token, { placeId: p.id })).statusCode;
    expect(last).toBe(429);
  });
});
