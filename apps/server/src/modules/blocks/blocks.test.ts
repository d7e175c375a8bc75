import { describe, expect, it } from 'vitest';
import { useSwipers } from '../../../test/swipers.js';

const { api, member, feedIds, act } = useSwipers();

describe('blocks', () => {
  it('a block hides both from each other everywhere at once, and ends the match', async () => {
    const a = await member('Alma', 'female', ['male']);
    const b = await member('Bodo', 'male', ['female']);
    await act(a, b.id, 'like');
    await act(b, a.id, 'flirt');
    expect((await api('POST', `/api/blocks/${b.id}`, a.token)).statusCode).toBe(200);
    expect(await feedIds(a)).not.toContain(b.id);
    expect(await feedIds(b)).not.toContain(a.id);
    expect((await api('GET', '/api/matches', a.token)).json()).toEqual([]);
    expect((await api('GET', '/api/matches', b.token)).json()).toEqual([]);
    expect((await act(b, a.id, 'like')).statusCode).toBe(404);
    expect((await api('GET', `/api/profile/${a.id}`, b.token)).statusCode).toBe(404);
    expect((await api('GET', `/api/profile/${b.id}`, a.token)).statusCode).toBe(404);
    await api('DELETE', `/api/blocks/${b.id}`, a.token);
    expect((await api('GET', `/api/profile/${a.id}`, b.token)).statusCode).toBe(200);
  });

  it('lists whom the member blocked, newest first, never who blocked them; lifting a block takes it off (issue 56, item 9)', async () => {
    const a = await member('Antje', 'female', ['male']);
    const [b, c, d] = [await member('Berni', 'male', ['female']), await member('Carl', 'male', ['female']), await member('Dirk', 'male', ['female'])];
    expect((await api('POST', `/api/blocks/${b.id}`, a.token)).statusCode).toBe(200);
    expect((await api('POST', `/api/blocks/${c.id}`, a.token)).statusCode).toBe(200);
    expect((await api('POST', `/api/blocks/${a.id}`, d.token)).statusCode).toBe(200);
    const listed = (await api('GET', '/api/blocks', a.token)).json<{ id: string; name: string; blockedAt: string }[]>();
    expect(listed.map((x) => [x.id, x.name])).toEqual([
      [c.id, 'Carl'],
      [b.id, 'Berni'],
    ]);
    expect(Date.parse(listed[0]!.blockedAt)).toBeGreaterThanOrEqual(Date.parse(listed[1]!.blockedAt));
    // Dirk blocked Antje: his own list names her, hers does not name him; nothing else of anyone.
    expect((await api('GET', '/api/blocks', d.token)).json()).toMatchObject([{ id: a.id, name: 'Antje' }]);
    expect(Object.keys(listed[0]!).sort()).toEqual(['blockedAt', 'id', 'name']);
    expect((await api('DELETE', `/api/blocks/${c.id}`, a.token)).statusCode).toBe(200);
    expect((await api('GET', '/api/blocks', a.token)).json<{ id: string }[]>().map((x) => x.id)).toEqual([b.id]);
    expect((await api('GET', '/api/blocks', '')).statusCode).toBe(401);
  });
});
