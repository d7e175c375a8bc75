import { errorMessage } from '@funkeln/contracts/errors';
import { describe, expect, it } from 'vitest';
import { register } from '../../../test/harness.js';
import type { ApiMember } from '../../../test/members.js';
import { useSwipers } from '../../../test/swipers.js';

// Interests and prompts (issue 19): saving, refusing bad input whole, the public profile, the feed card, export and erasure.
const { t, api, member } = useSwipers();

const put = (m: { token: string }, payload: object) => api('PUT', '/api/me/profile', m.token, payload);
const own = async (m: { token: string }) => (await api('GET', '/api/me/profile', m.token)).json<{ aboutMe: string; interests: string[]; prompts: unknown[] }>();
const card = async (viewer: ApiMember, id: string) => (await api('GET', '/api/feed', viewer.token)).json<Record<string, unknown>[]>().find((c) => c.id === id);

describe('interests and prompts on the own profile', () => {
  it('sets, replaces, keeps when omitted and clears', async () => {
    const m = await register(t.app);
    expect(await own(m)).toMatchObject({ interests: [], prompts: [] });
    const first = await put(m, {
      interests: ['wandern', 'kochen', 'hunde'],
      prompts: [
        { promptId: 'perfekter-sonntag', answer: '  Brunch und dann an den See.  ' },
        { promptId: 'frag-mich', answer: 'nach meiner Plattensammlung\nund Kaffee' },
      ],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      interests: ['wandern', 'kochen', 'hunde'],
      prompts: [
        { promptId: 'perfekter-sonntag', answer: 'Brunch und dann an den See.' },
        { promptId: 'frag-mich', answer: 'nach meiner Plattensammlung\nund Kaffee' },
      ],
    });
    expect((await put(m, { aboutMe: 'Nur der Text' })).statusCode).toBe(200);
    expect(await own(m)).toMatchObject({ aboutMe: 'Nur der Text', interests: ['wandern', 'kochen', 'hunde'], prompts: [{}, {}] });
    await put(m, { interests: ['yoga'], prompts: [{ promptId: 'frag-mich', answer: 'alles' }] });
    expect(await own(m)).toMatchObject({ interests: ['yoga'], prompts: [{ promptId: 'frag-mich', answer: 'alles' }] });
    await put(m, { interests: [], prompts: [] });
    expect(await own(m)).toMatchObject({ interests: [], prompts: [] });
  });

  it('takes 8 interests and 3 prompts of 150 characters', async () => {
    const m = await register(t.app);
    const eight = ['wandern', 'kochen', 'konzerte', 'hunde', 'katzen', 'reisen', 'fussball', 'yoga'];
    const three = ['perfekter-sonntag', 'nicht-ohne', 'frag-mich'].map((promptId) => ({ promptId, answer: 'ä'.repeat(150) }));
    const res = await put(m, { interests: eight, prompts: three });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ interests: eight, prompts: three });
  });

  it.each([
    ['too_many_interests', { interests: ['wandern', 'kochen', 'konzerte', 'hunde', 'katzen', 'reisen', 'fussball', 'yoga', 'gaming'] }],
    ['unknown_interest', { interests: ['wandern', 'bungee'] }],
    ['duplicate_interest', { interests: ['wandern', 'wandern'] }],
    ['unknown_prompt', { prompts: [{ promptId: 'lieblingsfarbe', answer: 'Blau' }] }],
    ['duplicate_prompt', { prompts: [{ promptId: 'frag-mich', answer: 'a' }, { promptId: 'frag-mich', answer: 'b' }] }],
    ['too_many_prompts', { prompts: ['perfekter-sonntag', 'nicht-ohne', 'frag-mich', 'nie-wieder'].map((promptId) => ({ promptId, answer: 'ja' })) }],
    ['prompt_answer_too_long', { prompts: [{ promptId: 'frag-mich', answer: 'x'.repeat(151) }] }],
    ['prompt_answer_empty', { prompts: [{ promptId: 'frag-mich', answer: '   ' }] }],
    ['validation_error', { prompts: [{ promptId: 'frag-mich', answer: 'a\u0000b' }] }],
    ['unknown_interest', { interests: ['wandern\u0000'] }],
    ['validation_error', { interests: 'wandern' }],
    ['validation_error', { interests: [1, 2] }],
    ['validation_error', { prompts: { promptId: 'frag-mich', answer: 'a' } }],
    ['validation_error', { prompts: ['frag-mich'] }],
    ['validation_error', { prompts: [{ promptId: 'frag-mich' }] }],
    ['validation_error', { interests: Array.from({ length: 500 }, () => 'wandern') }],
  ])('answers %s in German and writes nothing, not even the other fields', async (code, payload) => {
    const m = await register(t.app);
    await put(m, { aboutMe: 'vorher', interests: ['kino'], prompts: [{ promptId: 'nicht-ohne', answer: 'Kaffee' }] });
    const res = await put(m, { aboutMe: 'nachher', gender: 'female', ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(code);
    if (code !== 'validation_error') expect(res.json().message).toBe(errorMessage(code as 'unknown_interest'));
    expect(res.json().message).toMatch(/[äöüß]|[A-Z][a-z]+ /);
    expect(await own(m)).toMatchObject({ aboutMe: 'vorher', gender: null, interests: ['kino'], prompts: [{ promptId: 'nicht-ohne', answer: 'Kaffee' }] });
  });

  it('keeps at most 3 prompts and 8 interests under parallel replacements', async () => {
    const m = await register(t.app);
    const sets = Array.from({ length: 6 }, (_, i) => ({
      interests: ['wandern', 'kochen', 'konzerte', 'hunde', 'katzen', 'reisen', 'fussball', 'yoga', 'gaming', 'lesen'].slice(i % 3, (i % 3) + 8),
      prompts: ['perfekter-sonntag', 'nicht-ohne', 'frag-mich', 'nie-wieder', 'erstes-date'].slice(i % 3, (i % 3) + 3).map((promptId) => ({ promptId, answer: `Antwort ${i}` })),
    }));
    const answers = await Promise.all(sets.map((s) => put(m, s)));
    expect(answers.map((r) => r.statusCode)).toEqual(sets.map(() => 200));
    const rows = await t.c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM profile_prompts WHERE user_id = (SELECT id FROM users WHERE email = $1)', [m.email]);
    expect(rows[0]?.n).toBe(3);
    const saved = await own(m);
    expect(saved.interests).toHaveLength(8);
    expect(sets.map((s) => JSON.stringify(s.prompts))).toContain(JSON.stringify(saved.prompts));
  });
});

describe('interests and prompts seen by others', () => {
  it("shows another member's prompts and interests on the public profile, to members only", async () => {
    const greta = await member('Greta', 'female', ['male']);
    const viewer = await member('Viktor', 'male', ['female']);
    await put(greta, { interests: ['reisen', 'kaffee'], prompts: [{ promptId: 'nicht-ohne', answer: 'Meer' }], shareEnabled: true });
    const res = await api('GET', `/api/profile/${greta.id}`, viewer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      interests: ['reisen', 'kaffee'],
      prompts: [{ prompt_id: 'nicht-ohne', question: 'Ich kann nicht ohne …', answer: 'Meer' }],
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/profile/${greta.id}` })).statusCode).toBe(401);
    const share = await t.app.inject({ method: 'GET', url: `/share/${greta.id}` });
    expect(share.statusCode).toBe(200);
    expect(share.body).not.toContain('Meer');
  });

  it('puts shared interests first on the feed card with their count, and nothing else of the viewer', async () => {
    const anna = await member('Anna', 'female', ['male']);
    const ben = await member('Ben', 'male', ['female']);
    const carl = await member('Carl', 'male', ['female']);
    await put(anna, { interests: ['kochen', 'hunde', 'reisen', 'kino'] });
    await put(ben, { aboutMe: `Ich bin Ben. ${'Lang '.repeat(100)}`, interests: ['yoga', 'reisen', 'wandern', 'kochen'] });
    const benCard = await card(anna, ben.id);
    expect(benCard).toMatchObject({ interests: ['reisen', 'kochen', 'yoga', 'wandern'], sharedInterests: 2 });
    expect(String(benCard?.about)).toMatch(/^Ich bin Ben\. (Lang )+Lang…$/);
    expect(String(benCard?.about).length).toBeLessThanOrEqual(160);
    const carlCard = await card(anna, carl.id);
    expect(carlCard).not.toHaveProperty('interests');
    expect(carlCard).not.toHaveProperty('sharedInterests');
    expect(carlCard).not.toHaveProperty('about');
    const body = JSON.stringify(benCard);
    for (const secret of ['hunde', 'kino', anna.id]) expect(body).not.toContain(secret);

    // The deck follows changes: the member's own (a stale row: never served with the old interests) and the viewer's (dropped decks).
    await put(ben, { interests: ['hunde', 'segeln'] });
    const changed = await card(anna, ben.id);
    if (changed) expect(changed).toMatchObject({ interests: ['hunde', 'segeln'], sharedInterests: 1 });
    await put(anna, { interests: ['segeln', 'hunde'] });
    expect(await card(anna, ben.id)).toMatchObject({ interests: ['hunde', 'segeln'], sharedInterests: 2 });
    await put(anna, { interests: [] });
    expect(await card(anna, ben.id)).toMatchObject({ interests: ['hunde', 'segeln'], sharedInterests: 0 });
  });
});

describe('the about-me start on the card', () => {
  it('cuts long texts by characters, never inside an emoji', async () => {
    const viewer = await member('Vera', 'female', ['male']);
    const emil = await member('Emil', 'male', ['female']);
    await put(emil, { aboutMe: '😀'.repeat(300) });
    expect((await card(viewer, emil.id))?.about).toBe(`${'😀'.repeat(159)}…`);
  });
});

describe('DSGVO', () => {
  it('exports interests and prompts and erases them with the account', async () => {
    const eva = await member('Eva', 'female', ['male']);
    await put(eva, { interests: ['garten'], prompts: [{ promptId: 'heimlich-gut', answer: 'Sudoku' }] });
    const exported = (await api('GET', '/api/me/export', eva.token)).json();
    expect(exported.profile.interests).toEqual(['garten']);
    expect(exported.prompts).toEqual([{ position: 0, prompt_id: 'heimlich-gut', answer: 'Sudoku' }]);
    expect((await api('DELETE', '/api/me', eva.token, { password: 'Kiwi-Wolke-Geheim-42' })).statusCode).toBe(200);
    expect(await t.c.db.query('SELECT 1 FROM profile_prompts WHERE user_id = $1', [eva.id])).toEqual([]);
  });
});
