import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { bearer, register } from '../../../test/harness.js';

describe('"last seen" written behind the requests', () => {
  const t = useTestApp();

  async function age(userEmail: string) {
    const [row] = await t.c.db.query<{ session_age: number; member_age: number }>(
      `SELECT extract(epoch FROM now() - s.last_seen_at)::int AS session_age, extract(epoch FROM now() - u.last_active_at)::int AS member_age
         FROM users u JOIN sessions s ON s.user_id = u.id WHERE u.email = $1`,
      [userEmail],
    );
    if (!row) throw new Error('no session');
    return row;
  }

  const longAgo = (email: string) =>
    t.c.db.query(
      `WITH m AS (UPDATE users SET last_active_at = now() - interval '10 minutes' WHERE email = $1 RETURNING id)
       UPDATE sessions SET last_seen_at = now() - interval '10 minutes' WHERE user_id IN (SELECT id FROM m)`,
      [email],
    );

  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });

  it('parallel requests mark the session once; the flush sets the session and the member as seen now', async () => {
    const { email, token } = await register(t.app);
    await longAgo(email);
    const heard: string[][] = [];
    const off = t.c.events.on('members.active', ({ memberIds }) => heard.push(memberIds));
    try {
      const answers = await Promise.all(Array.from({ length: 12 }, () => me(token)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
      await t.c.sessions.lastSeen.flush();
    } finally {
      off();
    }
    const after = await age(email);
    expect(after.session_age).toBeLessThan(5);
    expect(after.member_age).toBeLessThan(5);
    // The write is announced once, naming the member (the feed index re-reads their active day).
    const [{ id }] = await t.c.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]) as [{ id: string }];
    expect(heard).toEqual([[id]]);
  });

  it('writes at most once a minute per session: a second request within the minute marks nothing', async () => {
    const { email, token } = await register(t.app);
    await longAgo(email);
    expect((await me(token)).statusCode).toBe(200);
    await t.c.sessions.lastSeen.flush();
    await longAgo(email);
    expect((await me(token)).statusCode).toBe(200);
    await t.c.sessions.lastSeen.flush();
    expect((await age(email)).session_age).toBeGreaterThanOrEqual(590);
  });

  it('stop() (on shutdown) writes the marks still waiting', async () => {
    const { email, token } = await register(t.app);
    await longAgo(email);
    expect((await me(token)).statusCode).toBe(200);
    await t.c.sessions.lastSeen.stop();
    expect((await age(email)).member_age).toBeLessThan(5);
  });
});
