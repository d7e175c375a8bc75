import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { PUBLIC_URL, register } from '../../../test/harness.js';
import { decodeEntities } from '../../../test/html.js';
import { makeJpeg, multipart } from '../../../test/images.js';
import type { ApiMember } from '../../../test/members.js';
import { approveAll, memberWithPhoto } from '../../../test/swipers.js';

// Issue 54 finding 7: the share page's preview image (og:image) is public only while the sharing
// is: switched off, the link dies at once, and switching sharing on again does not revive it. It
// dies as well when the member is suspended or erased, the photo deleted or no longer the main one.

const ADMIN = 'teilen-admin@example.org';
const t = useTestApp({ env: { ADMIN_EMAILS: ADMIN }, overrides: { moderator: approveAll } });
const { api } = t;

async function sharingMember(name: string): Promise<ApiMember> {
  await t.c.places.ensureLoaded();
  const berlin = (await t.c.places.search('Berlin'))[0]!.id;
  const m = await memberWithPhoto(t.app, { name, gender: 'female', wants: ['male'], placeId: berlin });
  await setShare(m, true);
  return m;
}
async function setShare(m: ApiMember, shareEnabled: boolean): Promise<void> {
  expect((await api('PUT', '/api/me/settings', m.token, { shareEnabled })).json()).toMatchObject({ shareEnabled });
}
/** The og:image link of the member's share page, as a path on this app. */
async function previewImage(m: ApiMember, spelled = m.id): Promise<string> {
  const page = await t.app.inject({ method: 'GET', url: `/share/${spelled}` });
  expect(page.statusCode).toBe(200);
  const image = decodeEntities(/<meta property="og:image" content="([^"]+)">/.exec(page.body)?.[1]);
  expect(image.startsWith(PUBLIC_URL)).toBe(true);
  return image.slice(PUBLIC_URL.length);
}
const fetchImage = (path: string) => t.app.inject({ method: 'GET', url: path });
const statusOf = async (path: string) => (await fetchImage(path)).statusCode;

describe('the share page\'s preview image', () => {
  it('is one link per member, whatever the spelling of the id in the page link (red team, session 58)', async () => {
    const m = await sharingMember('Gross');
    const image = await previewImage(m);
    expect(await previewImage(m, m.id.toUpperCase())).toBe(image);
    // The page's own links name the member in the same one spelling (red team, helper-21).
    const shouted = (await t.app.inject({ method: 'GET', url: `/share/${m.id.toUpperCase()}` })).body;
    expect(shouted).toContain(`<meta property="og:url" content="${PUBLIC_URL}/share/${m.id}">`);
    expect(shouted).toContain(`/profile/${m.id}`);
    expect(shouted).not.toContain(m.id.toUpperCase());
    expect(image).toContain(`/share/${m.id}/`);
    expect(await statusOf(image.replace(m.id, m.id.toUpperCase()))).toBe(200);
  });

  it('dies when sharing is switched off, and stays dead when it is switched on again', async () => {
    const m = await sharingMember('Teilerin');
    const image = await previewImage(m);
    const served = await fetchImage(image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    // No cache (browser, CDN, proxy) may keep answering it after the sharing ends.
    expect(served.headers['cache-control']).toBe('no-store');

    await setShare(m, false);
    expect(await statusOf(image)).toBe(404);

    await setShare(m, true);
    expect(await statusOf(image)).toBe(404);
    const fresh = await previewImage(m);
    expect(fresh).not.toBe(image);
    expect(await statusOf(fresh)).toBe(200);
  });

  it('dies when the member is suspended (and stays dead after), the photo deleted or replaced as main photo, or the member erased', async () => {
    const admin = (await register(t.app, ADMIN)).token;
    await t.c.db.query('UPDATE users SET email_verified = true WHERE email = $1', [ADMIN]);

    const suspended = await sharingMember('Gesperrte');
    const image = await previewImage(suspended);
    expect((await api('POST', `/api/admin/users/${suspended.id}/suspend`, admin)).statusCode).toBe(200);
    expect(await statusOf(image)).toBe(404);

    const replaced = await sharingMember('Neues Hauptfoto');
    const first = await previewImage(replaced);
    const body = multipart(await makeJpeg(420, 400));
    const upload = await t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${replaced.token}` } });
    expect(upload.statusCode).toBe(200);
    const ids = (await t.c.db.query<{ id: string }>('SELECT id FROM photos WHERE user_id = $1 ORDER BY position', [replaced.id])).map((r) => r.id);
    expect((await api('PUT', '/api/me/photos/order', replaced.token, { ids: [...ids].reverse() })).statusCode).toBe(200);
    expect(await statusOf(first)).toBe(404);
    expect(await statusOf(await previewImage(replaced))).toBe(200);

    const deleted = await sharingMember('Foto gelöscht');
    const deletedImage = await previewImage(deleted);
    const [photo] = await t.c.db.query<{ id: string }>('SELECT id FROM photos WHERE user_id = $1', [deleted.id]);
    expect((await api('DELETE', `/api/me/photos/${photo!.id}`, deleted.token)).statusCode).toBe(200);
    expect(await statusOf(deletedImage)).toBe(404);

    const erased = await sharingMember('Gelöschte');
    const erasedImage = await previewImage(erased);
    expect((await api('DELETE', '/api/me', erased.token, { password: 'Kiwi-Wolke-Geheim-42' })).statusCode).toBe(200);
    expect(await statusOf(erasedImage)).toBe(404);
  });
});
