import { randomUUID } from 'node:crypto';
import { ageOn, berlinToday } from '@funkeln/contracts/profiles';
import type { FeedCard } from '@funkeln/contracts/feed';
import type { MatchEvent } from '@funkeln/contracts/swipes';
import { describe, expect, it } from 'vitest';
import type { ApiMember } from '../../../test/members.js';
import { useSwipers } from '../../../test/swipers.js';
import { connectClient } from '../../../test/sockets.js';
import { timeOrderedId } from '../../platform/crypto/ids.js';
import { insertFirstSwipe } from './swipes.repo.js';

const { t, api, member, feedIds, act } = useSwipers({ listen: true });

describe('likes, flirts and matches', () => {
  it('a mutual like makes a match; both get a realtime match event', async () => {
    const lea = await member('Lea', 'female', ['male']);
    const tom = await member('Tom', 'male', ['female']);
    const leaSocket = connectClient(t.base, lea.token);
    const tomSocket = connectClient(t.base, tom.token);
    await Promise.all([leaSocket.connected(), tomSocket.connected()]);
    const events = (s: ReturnType<typeof connectClient>) =>
      new Promise<MatchEvent>((resolve) => s.socket.once('match', (e: MatchEvent) => resolve(e)));
    const [forLea, forTom] = [events(leaSocket), events(tomSocket)];

    expect((await act(lea, tom.id, 'like')).json()).toEqual({ match: false });
    expect((await act(lea, tom.id, 'like')).json()).toEqual({ match: false }); // idempotent
    expect((await act(tom, lea.id, 'like')).json()).toEqual({ match: true });
    expect((await forLea).match).toMatchObject({ userId: tom.id, name: 'Tom' });
    expect((await forTom).match).toMatchObject({ userId: lea.id, name: 'Lea' });
    expect((await act(tom, lea.id, 'like')).json()).toEqual({ match: true });
    expect((await api('GET', '/api/matches', lea.token)).json()).toEqual([expect.objectContaining({ userId: tom.id, name: 'Tom' })]);
    expect(await feedIds(lea)).not.toContain(tom.id);
    leaSocket.close();
    tomSocket.close();
  });

  it('flirts stay anonymous until the recipient flirts back; then the identity is revealed', async () => {
    const sender = await member('Heimlich', 'male', ['female']);
    const recipient = await member('Rita', 'female', ['male']);
    await act(sender, recipient.id, 'flirt');
    const res = await api('GET', '/api/likes/received', recipient.token);
    const flirts = res.json<{ flirtId: string; blurredThumbUrl: string; receivedAt: string }[]>();
    expect(flirts).toHaveLength(1);
    expect(Object.keys(flirts[0] ?? {}).sort()).toEqual(['blurredThumbUrl', 'flirtId', 'receivedAt']);
    expect(res.body).not.toContain(sender.id);
    expect(res.body).not.toContain('Heimlich');
    const blurred = await t.app.inject({ method: 'GET', url: flirts[0]?.blurredThumbUrl ?? '' });
    expect(blurred.statusCode).toBe(200);
    expect(blurred.rawPayload.length).toBeLessThan(5000);

    expect((await api('POST', `/api/likes/received/${flirts[0]?.flirtId}/accept`, recipient.token)).json()).toEqual({ match: true });
    expect((await api('GET', '/api/matches', recipient.token)).json()).toEqual([expect.objectContaining({ userId: sender.id, name: 'Heimlich' })]);
    expect((await api('GET', '/api/likes/received', recipient.token)).json()).toEqual([]);
  });

  it('a skip turned into a flirt is a new swipe to the recipient: new id, and an id that tells nothing of the skip', async () => {
    const sender = await member('Sebastian', 'male', ['female']);
    const recipient = await member('Sina', 'female', ['male']);
    await act(sender, recipient.id, 'skip');
    const [skip] = await t.c.db.query<{ id: string }>('SELECT id FROM swipes WHERE actor_id = $1 AND target_id = $2', [sender.id, recipient.id]);
    // the skip written a day earlier, as a member would have skipped yesterday
    await t.c.db.query("UPDATE swipes SET id = $2, created_at = now() - interval '1 day' WHERE id = $1", [skip?.id, '00000000-0000-7000-8000-000000000001']);
    const before = Date.now();
    await act(sender, recipient.id, 'flirt');
    const flirts = (await api('GET', '/api/likes/received', recipient.token)).json<{ flirtId: string; receivedAt: string }[]>();
    expect(flirts).toHaveLength(1);
    const flirtId = flirts[0]?.flirtId ?? '';
    expect(flirtId).not.toBe(skip?.id);
    expect(flirtId).not.toBe('00000000-0000-7000-8000-000000000001');
    // a time-ordered id: its first 48 bits are the flirt's millisecond, not the skip's
    const idTime = Number.parseInt(flirtId.replace('-', '').slice(0, 12), 16);
    expect(idTime).toBeGreaterThanOrEqual(before);
    expect(idTime).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(flirts[0]?.receivedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps one swipe per pair and makes exactly one match when both like each other many times at once', async () => {
    const ina = await member('Ina', 'female', ['male']);
    const ivo = await member('Ivo', 'male', ['female']);
    await act(ina, ivo.id, 'skip');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? act(ina, ivo.id, 'like') : act(ivo, ina.id, 'like'))));
    expect(answers.map((r) => r.statusCode)).toEqual(Array<number>(10).fill(200));
    expect(answers.some((r) => r.json<{ match: boolean }>().match)).toBe(true);
    const swipes = await t.c.db.query<{ actor_id: string; kind: string }>('SELECT actor_id, kind FROM swipes WHERE actor_id IN ($1, $2) ORDER BY actor_id', [ina.id, ivo.id]);
    expect(swipes.map((s) => s.kind)).toEqual(['like', 'like']); // the skip turned into a like, one row each
    expect(await t.c.db.query('SELECT 1 FROM matches WHERE user_a IN ($1, $2) AND user_b IN ($1, $2)', [ina.id, ivo.id])).toHaveLength(1);
    // A like never turns back into a skip, and a blocked member is unknown to the swipe.
    expect((await act(ina, ivo.id, 'skip')).json()).toEqual({ match: true });
    expect((await t.c.db.query<{ kind: string }>('SELECT kind FROM swipes WHERE actor_id = $1', [ina.id]))[0]?.kind).toBe('like');
    const blocked = await member('Bodo', 'male', ['female']);
    expect((await api('POST', `/api/blocks/${ina.id}`, blocked.token)).statusCode).toBe(200);
    expect((await act(ina, blocked.id, 'like')).statusCode).toBe(404);
    expect((await act(blocked, ina.id, 'like')).statusCode).toBe(404);
    expect(await t.c.db.query('SELECT 1 FROM swipes WHERE actor_id = $1 OR target_id = $1', [blocked.id])).toHaveLength(0);
  });

  it('never loses a match when two members like each other once, at the same moment (also after a skip)', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => [await member(`Frau ${i}`, 'female', ['male']), await member(`Mann ${i}`, 'male', ['female'])] as const),
    );
    // Every other pair starts from a skip (the like then turns it into a like).
    await Promise.all(pairs.filter((_, i) => i % 2 === 1).map(([a, b]) => act(a, b.id, 'skip')));
    const answers = await Promise.all(pairs.flatMap(([a, b]) => [act(a, b.id, 'like'), act(b, a.id, 'like')]));
    expect(answers.map((r) => r.statusCode)).toEqual(Array<number>(answers.length).fill(200));
    for (const [i, [a, b]] of pairs.entries()) {
      const matched = await t.c.db.query('SELECT 1 FROM matches WHERE user_a IN ($1, $2) AND user_b IN ($1, $2)', [a.id, b.id]);
      expect(matched, `pair ${i}`).toHaveLength(1);
      // At least one of the two answers told its member about the match.
      expect([answers[2 * i], answers[2 * i + 1]].some((r) => r?.json<{ match: boolean }>().match), `pair ${i}`).toBe(true);
    }
  });

  it('refuses self, unknown and bad actions with German 4xx', async () => {
    const me = await member('Selma', 'female', ['male']);
    expect((await act(me, me.id, 'like')).statusCode).toBe(400);
    expect((await act(me, me.id, 'like')).json().message).toBe('Du kannst dich nicht selbst liken.');
    expect((await act(me, '00000000-0000-4000-8000-000000000000', 'like')).statusCode).toBe(404);
    expect((await act(me, 'nicht-uuid', 'like')).statusCode).toBe(400);
    const other = await member('Olaf', 'male', ['female']);
    expect((await act(me, other.id, 'superlike')).statusCode).toBe(400);
  });

  it('undoes the last skip or like within 10 seconds, not later', async () => {
    const me = await member('Uta', 'female', ['male']);
    const other = await member('Udo', 'male', ['female']);
    await act(me, other.id, 'skip');
    expect(await feedIds(me)).not.toContain(other.id);
    const undone = (await api('POST', '/api/likes/undo', me.token)).json<{ card: { id: string } | null }>();
    // The card comes back as the feed showed it: name, age and town of the member.
    expect(undone.card).toMatchObject({ id: other.id, name: 'Udo', age: ageOn('1995-06-15', berlinToday()), city: 'Berlin' });
    expect(await feedIds(me)).toContain(other.id);
    await act(me, other.id, 'like');
    await t.c.db.query("UPDATE swipes SET created_at = now() - interval '11 seconds' WHERE actor_id = $1", [me.id]);
    expect((await api('POST', '/api/likes/undo', me.token)).json()).toEqual({ card: null });
  });

  it('an undone card is the card the feed showed: about text, interests shared first, badges, distance (issue 56 item 4)', async () => {
    const me = await member('Ute', 'female', ['male']);
    const other = await member('Ulli', 'male', ['female']);
    expect((await api('PUT', '/api/me/profile', me.token, { interests: ['kochen'] })).statusCode).toBe(200);
    expect((await api('PUT', '/api/me/profile', other.token, { aboutMe: 'Ich wandere gern und koche für Freunde.', interests: ['wandern', 'kochen'] })).statusCode).toBe(200);
    await t.c.db.query("INSERT INTO badges (user_id, kind) VALUES ($1, 'first_match') ON CONFLICT DO NOTHING", [other.id]);
    // A premium viewer: her cards carry the distance band.
    await t.c.db.query("UPDATE users SET premium_until = now() + interval '1 day' WHERE id = $1", [me.id]);
    t.c.events.publish('users.changed', { userIds: [other.id, me.id] });
    t.c.events.publish('feed.stale', { userIds: [me.id] });
    const shown = (await api('GET', '/api/feed', me.token)).json<FeedCard[]>().find((c) => c.id === other.id);
    expect(shown).toMatchObject({ about: 'Ich wandere gern und koche für Freunde.', interests: ['kochen', 'wandern'], sharedInterests: 1, badges: expect.arrayContaining(['Erstes Match']), distance: 'unter 5 km' });
    await act(me, other.id, 'like');
    const undone = (await api('POST', '/api/likes/undo', me.token)).json<{ card: FeedCard | null }>().card;
    // Photo links are signed anew for each answer: the same photos, each by its path.
    const unsigned = (card: FeedCard | null | undefined) => card && { ...card, photoUrl: card.photoUrl.split('?')[0], photos: card.photos?.map((u) => u.split('?')[0]) };
    expect(unsigned(undone)).toEqual(unsigned(shown));
  });

  it('undo shows no card of a member hidden from her since the swipe: blocked either way answers like suspended (red team, session 60)', async () => {
    const me = await member('Ute', 'female', ['male']);
    const blocker = await member('Bodo', 'male', ['female']);
    const blocked = await member('Bert', 'male', ['female']);
    const suspended = await member('Sven', 'male', ['female']);
    const undoAfter = async (target: ApiMember, hide: () => Promise<unknown>) => {
      await act(me, target.id, 'skip');
      await hide();
      return (await api('POST', '/api/likes/undo', me.token)).json<{ card: unknown }>();
    };
    const asSuspended = await undoAfter(suspended, () => t.c.db.query('UPDATE users SET suspended_at = now() WHERE id = $1', [suspended.id]));
    expect(asSuspended).toEqual({ card: null });
    expect(await undoAfter(blocker, () => api('POST', `/api/blocks/${me.id}`, blocker.token))).toEqual(asSuspended);
    expect(await undoAfter(blocked, () => api('POST', `/api/blocks/${blocked.id}`, me.token))).toEqual(asSuspended);
    // Out of the other tests' feeds (their first page is what they read).
    await t.c.db.query('UPDATE users SET suspended_at = now() WHERE id = ANY($1::uuid[])', [[blocker.id, blocked.id]]);
    t.c.events.publish('users.changed', { userIds: [blocker.id, blocked.id, suspended.id] });
  });

  it('skipped cards come back after 14 days', async () => {
    const me = await member('Sina', 'female', ['male']);
    const other = await member('Sven', 'male', ['female']);
    await act(me, other.id, 'skip');
    expect(await feedIds(me)).not.toContain(other.id);
    await t.c.db.query("UPDATE swipes SET created_at = now() - interval '15 days' WHERE actor_id = $1", [me.id]);
    // 14 days on, the deck kept in memory (5 minutes at most) has long expired: drop it as time would.
    t.c.events.publish('feed.stale', { userIds: [me.id] });
    expect(await feedIds(me)).toContain(other.id);
  });
});

describe('the swipe write', () => {
  it('commits without waiting for the WAL flush, in its own transaction only', async () => {
    const a = await member('Asta', 'female', ['male']);
    const b = await member('Bent', 'male', ['female']);
    const first = await insertFirstSwipe(t.c.db, { id: timeOrderedId(), actorId: a.id, targetId: b.id, kind: 'skip' });
    expect(first).toEqual({ is_demo: false, inserted: true, commit: 'off' });
    // the setting is the transaction's (SET LOCAL): the next transaction commits as configured
    const [after] = await t.c.db.transaction((tx) => tx.query<{ synchronous_commit: string }>('SHOW synchronous_commit'));
    expect(after?.synchronous_commit).toBe('on');
    const [kept] = await t.c.db.query<{ kind: string }>('SELECT kind FROM swipes WHERE actor_id = $1 AND target_id = $2', [a.id, b.id]);
    expect(kept?.kind).toBe('skip');
  });

  it("locks neither member's row (no foreign key checks them)", async () => {
    const a = await member('Alma', 'female', ['male']);
    const b = await member('Bodo', 'male', ['female']);
    const c = await member('Cleo', 'female', ['male']);
    const lockers = await t.c.db.transaction(async (tx) => {
      await tx.query("INSERT INTO swipes (id, actor_id, target_id, kind) VALUES ($1, $2, $3, 'like')", [timeOrderedId(), a.id, b.id]);
      // the probe sees a row lock when there is one: c's row, locked as a foreign key check would
      await tx.query('SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE', [c.id]);
      const rows = await tx.query<{ id: string; locked: boolean }>(
        'SELECT id, xmax::text = pg_current_xact_id_if_assigned()::text AS locked FROM users WHERE id = ANY($1::uuid[])',
        [[a.id, b.id, c.id]],
      );
      return rows.filter((r) => r.locked).map((r) => r.id);
    });
    expect(lockers).toEqual([c.id]);
  });

  it("a member's swipes go with their account, both ways, and nobody can swipe them afterwards", async () => {
    const gone = await member('Greta', 'female', ['male']);
    const ben = await member('Ben', 'male', ['female']);
    const carl = await member('Carl', 'male', ['female']);
    await act(gone, ben.id, 'like');
    await act(ben, gone.id, 'flirt');
    await act(carl, gone.id, 'skip');
    await act(carl, ben.id, 'skip');
    expect((await api('DELETE', '/api/me', gone.token, { password: 'Kiwi-Wolke-Geheim-42' })).statusCode).toBe(200);
    const left = await t.c.db.query<{ actor_id: string; target_id: string }>(
      'SELECT actor_id, target_id FROM swipes WHERE actor_id = ANY($1::uuid[]) OR target_id = ANY($1::uuid[])',
      [[gone.id, ben.id, carl.id]],
    );
    expect(left).toEqual([{ actor_id: carl.id, target_id: ben.id }]);
    expect((await act(ben, gone.id, 'like')).statusCode).toBe(404);
    expect(await t.c.db.query('SELECT 1 FROM swipes WHERE target_id = $1', [gone.id])).toEqual([]);
  });

  it('a flirt whose sender is gone (a swipe that raced the erasure) is neither shown nor accepted', async () => {
    const recipient = await member('Rosa', 'female', ['male']);
    const flirtId = timeOrderedId();
    await t.c.db.query("INSERT INTO swipes (id, actor_id, target_id, kind) VALUES ($1, $2, $3, 'flirt')", [flirtId, randomUUID(), recipient.id]);
    expect((await api('GET', '/api/likes/received', recipient.token)).json()).toEqual([]);
    expect((await api('POST', `/api/likes/received/${flirtId}/accept`, recipient.token)).statusCode).toBe(404);
  });
});

describe('unmatch', () => {
  it('unmatch removes the match for both', async () => {
    const a = await member('Ute', 'female', ['male']);
    const b = await member('Uwe', 'male', ['female']);
    await act(a, b.id, 'like');
    await act(b, a.id, 'like');
    expect((await api('DELETE', `/api/matches/${b.id}`, a.token)).statusCode).toBe(200);
    expect((await api('GET', '/api/matches', b.token)).json()).toEqual([]);
    expect((await api('DELETE', `/api/matches/${b.id}`, a.token)).statusCode).toBe(404);
  });
});

