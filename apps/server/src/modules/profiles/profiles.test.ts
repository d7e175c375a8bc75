import { berlinToday } from '@funkeln/contracts/profiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, PUBLIC_URL, register, type TestApp } from '../../../test/harness.js';
import { decodeEntities } from '../../../test/html.js';
import { makeJpegWithGps, multipart } from '../../../test/images.js';
import { approveAll } from '../../../test/swipers.js';


let t: TestApp;
let potsdam: { id: number; name: string; region: string };

beforeAll(async () => {
  t = await createTestApp({}, {}, { moderator: approveAll });
  await t.c.places.ensureLoaded();
  const places = await t.app.inject({ method: 'GET', url: '/api/places?q=Pots' });
  potsdam = places.json<{ id: number; name: string; region: string }[]>()[0] ?? { id: 0, name: '', region: '' };
});
afterAll(() => t.close());

const put = (token: string, payload: object) => t.app.inject({ method: 'PUT', url: '/api/me/profile', payload, headers: bearer(token) });
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

function yearsAgo(years: number, dayOffset = 0): string {
  const [y, m, d] = berlinToday().split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - years, m - 1, d + dayOffset));
  return date.toISOString().slice(0, 10);
}

async function fullMember(name = 'Greta') {
  const m = await register(t.app, undefined, 'Kiwi-Wolke-Geheim-42', name);
  const id = (await get('/api/me', m.token)).json<{ id: string }>().id;
  const body = multipart(await makeJpegWithGps());
  await t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, ...bearer(m.token) } });
  const res = await put(m.token, {
    aboutMe: 'Ich liebe Wandern und gutes Essen.',
    lookingFor: 'Jemanden zum Lachen.',
    birthDate: yearsAgo(30),
    gender: 'female',
    interestedIn: ['male', 'diverse'],
    ageMin: 25,
    ageMax: 40,
    placeId: potsdam.id,
    shareEnabled: true,
  });
  expect(res.statusCode).toBe(200);
  return { ...m, id };
}

describe('own profile', () => {
  it('finds Potsdam for "Pots"', () => {
    expect(potsdam).toMatchObject({ name: 'Potsdam', region: expect.stringContaining('Brandenburg') });
  });

  it('starts empty, saves what is given and keeps the rest (the spec sends only the two texts)', async () => {
    const { token } = await register(t.app);
    const empty = (await get('/api/me/profile', token)).json();
    expect(empty).toMatchObject({ aboutMe: '', lookingFor: '', birthDate: null, gender: null, interestedIn: [], ageMin: 18, ageMax: 99, place: null, shareEnabled: false, complete: false, photo: null });

    expect((await put(token, { aboutMe: 'Hallo!', lookingFor: 'Liebe' })).statusCode).toBe(200);
    await put(token, { gender: 'diverse', placeId: potsdam.id });
    const saved = (await get('/api/me/profile', token)).json();
    expect(saved).toMatchObject({ aboutMe: 'Hallo!', lookingFor: 'Liebe', gender: 'diverse', place: potsdam });
    expect(Object.keys(saved.place)).toEqual(['id', 'name', 'region']);
  });

  it('is complete with birth date, gender, wishes, town and an approved photo', async () => {
    const m = await fullMember();
    const own = (await get('/api/me/profile', m.token)).json();
    expect(own).toMatchObject({ complete: true, birthDate: yearsAgo(30), photo: { status: 'approved' } });
  });

  it('refuses members under 18 (by a day) and accepts them on their 18th birthday', async () => {
    const { token } = await register(t.app);
    const young = await put(token, { birthDate: yearsAgo(18, 1) });
    expect(young.statusCode).toBe(400);
    expect(young.json().message).toBe('Du musst mindestens 18 Jahre alt sein, um Funkeln zu nutzen.');
    expect((await get('/api/me/profile', token)).json().birthDate).toBeNull();
    expect((await put(token, { birthDate: yearsAgo(18) })).statusCode).toBe(200);
  });

  it.each([
    [{ aboutMe: 'x'.repeat(1001) }],
    [{ lookingFor: 'x'.repeat(1001) }],
    [{ birthDate: '1990-02-30' }],
    [{ birthDate: '30.01.1990' }],
    [{ birthDate: '1850-01-01' }],
    [{ gender: 'robot' }],
    [{ interestedIn: [] }],
    [{ interestedIn: ['male', 'male'] }],
    [{ ageMin: 17 }],
    [{ ageMax: 100 }],
    [{ ageMin: 40, ageMax: 30 }],
    [{ placeId: 999_999_999 }],
    [{ placeId: 'Berlin' }],
    [{ shareEnabled: 'ja' }],
  ])('refuses %j with a German 400 and changes nothing', async (payload) => {
    const { token } = await register(t.app);
    await put(token, { aboutMe: 'vorher' });
    const res = await put(token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/[a-zäöüß]/i);
    expect((await get('/api/me/profile', token)).json()).toMatchObject({ aboutMe: 'vorher', ageMin: 18, ageMax: 99, birthDate: null });
  });

  it('checks the age range against the stored values too', async () => {
    const { token } = await register(t.app);
    await put(token, { ageMin: 30, ageMax: 40 });
    expect((await put(token, { ageMax: 25 })).statusCode).toBe(400);
  });

  it('needs a login', async () => {
    expect((await get('/api/me/profile')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/me/profile', payload: {} })).statusCode).toBe(401);
  });
});

describe('public profile', () => {
  it('shows name, texts, age, city, photo and badges, and never e-mail, birth date or coordinates', async () => {
    const greta = await fullMember('Greta');
    const viewer = await register(t.app);
    const res = await get(`/api/profile/${greta.id}`, viewer.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      user: { id: greta.id, display_name: 'Greta' },
      profile: {
        about_me: 'Ich liebe Wandern und gutes Essen.',
        age: 30,
        city: 'Potsdam',
        gender: 'Frau',
        badges: [{ id: 'photo_approved', name: 'Fotogen', description: 'Hat ein freigegebenes Profilfoto.' }],
      },
    });
    expect(body.profile.photo_url).toContain('/api/photos/');
    const raw = res.body;
    expect(raw).not.toContain(greta.email);
    expect(raw).not.toContain('@');
    expect(raw).not.toContain(yearsAgo(30));
    // Field names, not the raw text: a random signature in a photo URL may spell "lat" by chance.
    const keys: string[] = [];
    const walk = (v: unknown): void => {
      if (!v || typeof v !== 'object') return;
      for (const [k, child] of Object.entries(v)) {
        keys.push(k);
        walk(child);
      }
    };
    walk(body);
    expect(keys.filter((k) => /birth|lat|lon|coord|mail|geo|location/i.test(k))).toEqual([]);
  });

  it('answers 404 for unknown ids and 400 for malformed ones; ids are random UUIDs', async () => {
    const viewer = await register(t.app);
    expect((await get('/api/profile/00000000-0000-4000-8000-000000000000', viewer.token)).statusCode).toBe(404);
    expect((await get('/api/profile/1', viewer.token)).statusCode).toBe(400);
    const id = (await get('/api/me', viewer.token)).json().id as string;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('share page', () => {
  it('renders Open Graph and Twitter tags with a working absolute image link, and no scripts', async () => {
    const greta = await fullMember('Greta');
    const res = await get(`/share/${greta.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<meta property="og:title" content="Greta, 30 bei Funkeln">');
    expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/share/${greta.id}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('aus Potsdam');
    expect(html).toContain('noindex');
    expect(html).not.toContain('<script');
    const image = decodeEntities(/<meta property="og:image" content="([^"]+)">/.exec(html)?.[1]);
    // The member's share link, never a photo id (share-link.test.ts: it ends with the sharing).
    expect(image?.startsWith(`${PUBLIC_URL}/share/${greta.id}/photo?`)).toBe(true);
    const served = await get((image ?? '').replace(PUBLIC_URL, ''));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('escapes the display name: markup and quotes in it stay text, in the tags and on the page', async () => {
    const name = `<script>"Ev'a"</script>`;
    const member = await fullMember(name);
    const html = (await get(`/share/${member.id}`)).body;
    expect(html).not.toContain('<script');
    expect(html).toContain('<h1>&#60;script&#62;&#34;Ev&#39;a&#34;&#60;/script&#62;</h1>');
    expect(decodeEntities(/<meta property="og:title" content="([^"]*)">/.exec(html)?.[1])).toBe(`${name}, 30 bei Funkeln`);
    expect(decodeEntities(/<img class="photo" src="[^"]+" alt="([^"]*)">/.exec(html)?.[1])).toBe(`Foto von ${name}`);
  });

  it('is off until the member turns sharing on in the settings, and gone at once when they turn it off (Art. 25)', async () => {
    const m = await register(t.app, undefined, 'Kiwi-Wolke-Geheim-42', 'Hanna');
    const id = (await get('/api/me', m.token)).json<{ id: string }>().id;
    const setShare = (shareEnabled: boolean) => t.app.inject({ method: 'PUT', url: '/api/me/settings', payload: { shareEnabled }, headers: bearer(m.token) });
    expect((await get('/api/me/settings', m.token)).json()).toMatchObject({ shareEnabled: false });
    expect((await get(`/share/${id}`)).statusCode).toBe(404);

    // Without a profile there is nothing to share: refused, and no profile is made (hidden members, docs/SECURITY.md).
    expect((await setShare(true)).json()).toMatchObject({ error: 'profile_required' });
    expect((await get(`/share/${id}`)).statusCode).toBe(404);
    await put(m.token, { aboutMe: 'Hallo!', lookingFor: 'Liebe' });
    expect((await get(`/share/${id}`)).statusCode).toBe(404);

    expect((await setShare(true)).json()).toMatchObject({ shareEnabled: true });
    const on = await get(`/share/${id}`);
    expect(on.statusCode).toBe(200);
    expect(on.body).toContain('<h1>Hanna</h1>');
    expect(on.headers['cache-control']).toBe('no-store');
    // Saving the profile afterwards keeps the choice.
    await put(m.token, { aboutMe: 'Hallo, ich bin Hanna!' });
    expect((await get('/api/me/profile', m.token)).json()).toMatchObject({ shareEnabled: true });

    expect((await setShare(false)).json()).toMatchObject({ shareEnabled: false });
    const off = await get(`/share/${id}`);
    expect(off.statusCode).toBe(404);
    expect(off.body).not.toContain('Hanna');
    expect(off.headers['cache-control']).toBe('no-store');
  });

  it("tells in the profile whether its share page answers, to the member and to others alike (issue 56 item 8)", async () => {
    const greta = await fullMember('Greta');
    const viewer = await fullMember('Vera');
    const setShare = (shareEnabled: boolean) => t.app.inject({ method: 'PUT', url: '/api/me/settings', payload: { shareEnabled }, headers: bearer(greta.token) });
    const shareable = async (token: string) => (await get(`/api/profile/${greta.id}`, token)).json<{ shareable: boolean }>().shareable;
    const sharePage = async () => (await get(`/share/${greta.id}`)).statusCode;
    // Off by default: no share action is offered where the link would be dead.
    expect((await setShare(false)).json()).toMatchObject({ shareEnabled: false });
    expect([await shareable(viewer.token), await shareable(greta.token), await sharePage()]).toEqual([false, false, 404]);
    expect((await setShare(true)).json()).toMatchObject({ shareEnabled: true });
    expect([await shareable(viewer.token), await shareable(greta.token), await sharePage()]).toEqual([true, true, 200]);
    // The bit and nothing else of her settings: the payload's keys are the same either way.
    const keys = Object.keys((await get(`/api/profile/${greta.id}`, viewer.token)).json<object>()).sort();
    expect(keys).toEqual(['profile', 'shareable', 'user']);
    expect((await setShare(false)).json()).toMatchObject({ shareEnabled: false });
    expect([await shareable(viewer.token), await sharePage()]).toEqual([false, 404]);
  });

  it('links the Impressum and the Datenschutz page, whether the profile is public or not', async () => {
    const greta = await fullMember('Greta');
    for (const res of [await get(`/share/${greta.id}`), await get('/share/00000000-0000-4000-8000-000000000000')]) {
      expect(res.body).toContain('<a href="/impressum">Impressum</a>');
      expect(res.body).toContain('<a href="/datenschutz">Datenschutz</a>');
    }
  });

  it('says the profile is not public when sharing is off, and the same for unknown ids', async () => {
    const greta = await fullMember('Greta');
    await put(greta.token, { shareEnabled: false });
    const off = await get(`/share/${greta.id}`);
    const unknown = await get('/share/00000000-0000-4000-8000-000000000000');
    const junk = await get('/share/../../etc/passwd');
    for (const res of [off, unknown]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Dieses Profil ist nicht öffentlich.');
      expect(res.body).not.toContain('Greta');
    }
    expect(junk.body).not.toContain('root:'); // normalised to /etc/passwd: the app shell, never a file
  });
});
