import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/harness.js';
import { useSwipers } from '../../../test/swipers.js';

const { t, place, member, feedIds } = useSwipers();

/**
 * The member was last active `days` ago (their sessions too, so the next request marks them seen),
 * announced as the last-seen writer announces its writes (the feed index keeps the active day by it).
 */
const lastActive = async (id: string, days: number) => {
  await t.c.db.query(
    `WITH u AS (UPDATE users SET last_active_at = now() - make_interval(days => $2) WHERE id = $1 RETURNING id)
     UPDATE sessions SET last_seen_at = now() - make_interval(days => $2) WHERE user_id IN (SELECT id FROM u)`,
    [id, days],
  );
  t.c.events.emit('members.active', { memberIds: [id] });
};

const activeDays = async (id: string) =>
  (
    await t.c.db.query<{ profile: number; user: number }>(
      `SELECT p.active_day AS profile, floor(extract(epoch FROM u.last_active_at) / 86400)::int AS "user"
         FROM profiles p JOIN users u ON u.id = p.user_id WHERE p.user_id = $1`,
      [id],
    )
  )[0];

describe('feed ranking by last activity (profiles.active_day, kept by the database)', () => {
  it('follows every change of the member\'s last active day, however it is written', async () => {
    const ina = await member('Ina', 'female', ['male']);
    for (const days of [40, 3, 9, 0]) {
      await lastActive(ina.id, days);
      const row = await activeDays(ina.id);
      expect(row?.profile, `${days} days ago`).toBe(row?.user);
    }
    // A profile written later keeps it (the app's upsert never touches the day).
    await t.c.db.query(`UPDATE users SET last_active_at = now() - interval '9 days' WHERE id = $1`, [ina.id]);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: bearer(ina.token),
      payload: { birthDate: '1994-01-01', gender: 'female', interestedIn: ['male'], ageMin: 20, ageMax: 60 },
    });
    expect(put.statusCode).toBe(200);
    const after = await activeDays(ina.id);
    expect(after?.profile).toBe(after?.user);
  });

  it('ranks a member who comes back today before those active days ago, once their visit is written', async () => {
    const early = await member('Früh', 'male', ['female']);
    const late = await member('Spät', 'male', ['female']);
    await lastActive(early.id, 5);
    await lastActive(late.id, 2);
    const first = await member('Erste', 'female', ['male']);
    const before = (await feedIds(first)).filter((id) => id === early.id || id === late.id);
    expect(before).toEqual([late.id, early.id]);

    // Früh opens the app: "last seen" is written behind the request, and with it the active day.
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(early.token) })).statusCode).toBe(200);
    await t.c.sessions.lastSeen.flush();
    const second = await member('Zweite', 'female', ['male']);
    const after = (await feedIds(second)).filter((id) => id === early.id || id === late.id);
    expect(after).toEqual([early.id, late.id]);
  });

  it('keeps the home town\'s coordinates on the profile through every move, and none without a town', async () => {
    const ole = await member('Ole', 'male', ['female'], place.potsdam);
    const coordinates = async () =>
      (
        await t.c.db.query<{ same: boolean; lat: number | null }>(
          `SELECT p.place_lat IS NOT DISTINCT FROM pl.lat AND p.place_lon IS NOT DISTINCT FROM pl.lon AS same, p.place_lat AS lat
             FROM profiles p LEFT JOIN places pl ON pl.id = p.place_id WHERE p.user_id = $1`,
          [ole.id],
        )
      )[0];
    expect(await coordinates()).toMatchObject({ same: true, lat: expect.any(Number) });
    await t.c.db.query('UPDATE profiles SET place_id = $2 WHERE user_id = $1', [ole.id, place.berlin]);
    expect(await coordinates()).toMatchObject({ same: true, lat: expect.any(Number) });
    await t.c.db.query('UPDATE profiles SET place_id = NULL WHERE user_id = $1', [ole.id]);
    expect(await coordinates()).toEqual({ same: true, lat: null });
  });
});
