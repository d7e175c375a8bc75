import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, register, type TestApp } from '../../../test/harness.js';
import { apiAs, buyPack, confirmEmail, type ApiMember } from '../../../test/members.js';
import { approveAll, memberWithPhoto } from '../../../test/swipers.js';

// Issue 16 item 9: a suspended member is gone, at once, from everything another member can see.

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let adminToken: string;
let berlin: number;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'sperren@example.org' }, {}, { moderator: approveAll });
  api = apiAs(t.app);
  await t.c.places.ensureLoaded();
  berlin = (await t.c.places.search('Berlin'))[0]!.id;
  adminToken = (await register(t.app, 'sperren@example.org')).token;
  await t.c.db.query("UPDATE users SET email_verified = true WHERE email = 'sperren@example.org'");
}, 60_000);
afterAll(() => t.close());

const member = (name: string, gender: 'female' | 'male', wants: ('female' | 'male')[]) => memberWithPhoto(t.app, { name, gender, wants, placeId: berlin });
const ids = <T>(res: { json: <R>() => R }, key: keyof T) => res.json<T[]>().map((x) => x[key]);

/** What Eva and Lena can see of Bodo, everywhere they could look. */
async function traces(bodo: ApiMember, eva: ApiMember, lena: ApiMember, photoPath: string) {
  const share = await t.app.inject({ method: 'GET', url: `/share/${bodo.id}` });
  return {
    profile: (await api('GET', `/api/profile/${bodo.id}`, eva.token)).statusCode,
    share: share.statusCode,
    shareCache: share.headers['cache-control'],
    photo: (await t.app.inject({ method: 'GET', url: photoPath })).statusCode,
    feed: ids<{ id: string }>(await api('GET', '/api/feed', lena.token), 'id').includes(bodo.id),
    matches: ids<{ userId: string }>(await api('GET', '/api/matches', eva.token), 'userId').includes(bodo.id),
    flirts: (await api('GET', '/api/likes/received', lena.token)).json<unknown[]>().length,
    inbox: ids<{ sender_id: string }>(await api('GET', '/api/messages', eva.token), 'sender_id').includes(bodo.id),
    conversations: ids<{ memberId: string }>(await api('GET', '/api/conversations', eva.token), 'memberId').includes(bodo.id),
    conversation: (await api('GET', `/api/conversations/${bodo.id}`, eva.token)).statusCode,
    top10: ids<{ user_id: string }>(await api('GET', '/api/leaderboard/face', eva.token), 'user_id').includes(bodo.id),
  };
}

describe('suspension', () => {
  it('hides the member at once from profile, share page, photo links, feed, matches, flirts, messages and Top10; lifting it restores them', async () => {
    const eva = await member('Eva', 'female', ['male']);
    await confirmEmail(t.c, eva.id); // she votes
    const lena = await member('Lena', 'female', ['male']);
    const bodo = await member('Bodo', 'male', ['female']);
    await api('POST', `/api/likes/${eva.id}?type=like`, bodo.token);
    await api('POST', `/api/likes/${bodo.id}?type=like`, eva.token);
    await api('POST', `/api/likes/${lena.id}?type=flirt`, bodo.token);
    await buyPack(t.app, bodo.token, 'starter');
    expect((await api('POST', `/api/messages/${eva.id}`, bodo.token, { body: 'Hallo Eva' })).statusCode).toBe(200);
    await api('PUT', '/api/me/photo/categories', bodo.token, { categories: ['face'] });
    await api('PUT', '/api/me/settings', bodo.token, { shareEnabled: true });
    const photo = (await api('GET', `/api/profile/${bodo.id}`, eva.token)).json<{ profile: { photo_url: string } }>().profile;
    const photoId = (await t.c.db.query<{ id: string }>('SELECT id FROM photos WHERE user_id = $1', [bodo.id]))[0]!.id;
    expect((await api('POST', '/api/votes', eva.token, { photoId, category: 'face' })).statusCode).toBe(200);

    const visible = { profile: 200, share: 200, shareCache: 'no-store', photo: 200, feed: true, matches: true, flirts: 1, inbox: true, conversations: true, conversation: 200, top10: true };
    expect(await traces(bodo, eva, lena, photo.photo_url)).toEqual(visible);

    expect((await api('POST', `/api/admin/users/${bodo.id}/suspend`, adminToken)).statusCode).toBe(200);
    expect(await traces(bodo, eva, lena, photo.photo_url)).toEqual({
      profile: 404,
      share: 404,
      shareCache: 'no-store',
      photo: 404,
      feed: false,
      matches: false,
      flirts: 0,
      inbox: false,
      conversations: false,
      conversation: 404,
      top10: false,
    });

    // Nothing was deleted. Feed decks skip a changed member until they are ranked again (at most
    // 5 minutes): showing someone late is harmless, showing them late after a suspension is not.
    expect((await api('POST', `/api/admin/users/${bodo.id}/unsuspend`, adminToken)).statusCode).toBe(200);
    expect(await traces(bodo, eva, lena, photo.photo_url)).toEqual({ ...visible, feed: false });
  });
});
