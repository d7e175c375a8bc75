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
});
