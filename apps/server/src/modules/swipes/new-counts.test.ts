import type { NewCounts } from '@funkeln/contracts/swipes';
import { describe, expect, it } from 'vitest';
import type { ApiMember } from '../../../test/members.js';
import { connectClient } from '../../../test/sockets.js';
import { register } from '../../../test/harness.js';
import { useSwipers } from '../../../test/swipers.js';

// Issue 56 item 5: the badges on Matches and Flirts. Only the member's own counts, by the lists'
// own rules (nothing the lists do not show), new until she opens the list, on every device.

const { t, api, member, act } = useSwipers({ listen: true });

const countsOf = async (m: ApiMember) => (await api('GET', '/api/new-counts', m.token)).json<NewCounts>();
const seen = (m: ApiMember, list: string) => api('POST', '/api/new-counts/seen', m.token, { list });

/** The member's socket, and the next `new-counts` event it hears that satisfies `wanted`. */
async function counter(m: ApiMember) {
  const client = connectClient(t.base, m.token);
  await client.connected();
  const next = (wanted: (c: NewCounts) => boolean) =>
    new Promise<NewCounts>((resolve) => {
      const heard = (c: NewCounts) => {
        if (!wanted(c)) return;
        client.socket.off('new-counts', heard);
        resolve(c);
      };
      client.socket.on('new-counts', heard);
    });
  return { next, close: () => client.close() };
}

describe('new matches and flirts', () => {
  it('count a flirt, then its match, live and for the member alone, until she opens the list', async () => {
    const rita = await member('Rita', 'female', ['male']);
    const tom = await member('Tom', 'male', ['female']);
    expect(await countsOf(rita)).toEqual({ matches: 0, flirts: 0 });
    const ritas = await counter(rita);
    const toms = await counter(tom);

    const flirtHeard = ritas.next((c) => c.flirts === 1);
    expect((await act(tom, rita.id, 'flirt')).json()).toEqual({ match: false });
    // Counts only: nothing in the event names the sender.
    expect(await flirtHeard).toEqual({ matches: 0, flirts: 1 });
    expect(await countsOf(rita)).toEqual({ matches: 0, flirts: 1 });
    expect(await countsOf(tom)).toEqual({ matches: 0, flirts: 0 });

    // Flirting back makes the match: the flirt leaves her list and her count, the match is new to both.
    const [flirt] = (await api('GET', '/api/likes/received', rita.token)).json<{ flirtId: string }[]>();
    const [ritaHears, tomHears] = [ritas.next((c) => c.matches === 1), toms.next((c) => c.matches === 1)];
    expect((await api('POST', `/api/likes/received/${flirt?.flirtId}/accept`, rita.token)).json()).toEqual({ match: true });
    expect(await ritaHears).toEqual({ matches: 1, flirts: 0 });
    expect(await tomHears).toEqual({ matches: 1, flirts: 0 });

    // Opening her matches clears her count (her other sessions hear it), not his.
    const cleared = ritas.next((c) => c.matches === 0);
    expect((await seen(rita, 'matches')).json()).toEqual({ matches: 0, flirts: 0 });
    expect(await cleared).toEqual({ matches: 0, flirts: 0 });
    expect(await countsOf(rita)).toEqual({ matches: 0, flirts: 0 });
    expect(await countsOf(tom)).toEqual({ matches: 1, flirts: 0 });
    ritas.close();
    toms.close();
  });

  it('opening the flirts clears the flirts only; a flirt after that is new again', async () => {
    const nina = await member('Nina', 'female', ['male']);
    const [a, b, c] = [await member('Anton', 'male', ['female']), await member('Bernd', 'male', ['female']), await member('Carl', 'male', ['female'])];
    await act(a, nina.id, 'flirt');
    await act(b, nina.id, 'flirt');
    await act(nina, c.id, 'like');
    await act(c, nina.id, 'like');
    expect(await countsOf(nina)).toEqual({ matches: 1, flirts: 2 });
    expect((await seen(nina, 'flirts')).json()).toEqual({ matches: 1, flirts: 0 });
    // The flirts are still listed: seen, not gone.
    expect((await api('GET', '/api/likes/received', nina.token)).json()).toHaveLength(2);
    const d = await member('Dieter', 'male', ['female']);
    await act(d, nina.id, 'flirt');
    expect(await countsOf(nina)).toEqual({ matches: 1, flirts: 1 });
  });

  it('a flirt from an account without a profile is announced nowhere: no flirt event, so no count, mail or push (red team, session 60)', async () => {
    const her = await member('Hanna', 'female', ['male']);
    const phantom = await register(t.app);
    const announced = async () =>
      (await t.c.db.query<{ n: number }>("SELECT count(*)::int AS n FROM event_outbox WHERE name = 'flirt.created' AND payload->>'recipientId' = $1", [her.id]))[0]!.n;
    expect((await api('POST', `/api/likes/${her.id}?type=flirt`, phantom.token)).statusCode).toBe(200);
    expect(await announced()).toBe(0);
    expect((await countsOf(her)).flirts).toBe(0);
    // A member she can see: announced.
    const shown = await member('Paul', 'male', ['female']);
    expect((await act(shown, her.id, 'flirt')).statusCode).toBe(200);
    expect(await announced()).toBe(1);
  });

  it("cannot read or clear another member's counts: the body names a list and nothing else", async () => {
    const vera = await member('Vera', 'female', ['male']);
    const mallory = await member('Mallory', 'male', ['female']);
    await act(mallory, vera.id, 'flirt');
    expect((await api('POST', '/api/new-counts/seen', mallory.token, { list: 'flirts', memberId: vera.id })).statusCode).toBe(400);
    expect((await seen(mallory, 'other')).statusCode).toBe(400);
    expect((await seen(mallory, 'flirts')).json()).toEqual({ matches: 0, flirts: 0 });
    expect(await countsOf(vera)).toEqual({ matches: 0, flirts: 1 });
    expect((await api('GET', `/api/new-counts?memberId=${vera.id}`, mallory.token)).json()).toEqual({ matches: 0, flirts: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/new-counts' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/new-counts/seen', payload: { list: 'flirts' } })).statusCode).toBe(401);
  });

  it("a blocked member's flirt does not count (it is refused); one sent before a block counts as long as the list shows it", async () => {
    const olga = await member('Olga', 'female', ['male']);
    const blocked = await member('Bodo', 'male', ['female']);
    const earlier = await member('Emil', 'male', ['female']);
    expect((await api('POST', `/api/blocks/${blocked.id}`, olga.token)).statusCode).toBe(200);
    expect((await act(blocked, olga.id, 'flirt')).statusCode).toBe(404);
    expect(await countsOf(olga)).toEqual({ matches: 0, flirts: 0 });

    // A block after the flirt changes neither the list nor the count (docs/SECURITY.md: a block must not unmask the sender).
    await act(earlier, olga.id, 'flirt');
    const listed = (await api('GET', '/api/likes/received', olga.token)).json<unknown[]>().length;
    expect(await countsOf(olga)).toEqual({ matches: 0, flirts: listed });
    expect((await api('POST', `/api/blocks/${earlier.id}`, olga.token)).statusCode).toBe(200);
    expect((await api('GET', '/api/likes/received', olga.token)).json<unknown[]>()).toHaveLength(listed);
    expect(await countsOf(olga)).toEqual({ matches: 0, flirts: listed });
  });

  it('a match with a member who blocks her leaves her count with the match list', async () => {
    const pia = await member('Pia', 'female', ['male']);
    const ulf = await member('Ulf', 'male', ['female']);
    await act(pia, ulf.id, 'like');
    await act(ulf, pia.id, 'like');
    expect(await countsOf(pia)).toEqual({ matches: 1, flirts: 0 });
    expect((await api('POST', `/api/blocks/${pia.id}`, ulf.token)).statusCode).toBe(200);
    // She no longer sees the match (as before this count): the count says no more than the list.
    expect((await api('GET', '/api/matches', pia.token)).json()).toEqual([]);
    expect(await countsOf(pia)).toEqual({ matches: 0, flirts: 0 });
  });
});
