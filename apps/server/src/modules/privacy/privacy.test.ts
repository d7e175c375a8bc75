import { createECDH, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TERMS_VERSION } from '@funkeln/contracts/terms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { makeJpeg, multipart } from '../../../test/images.js';
import { apiAs, buyPack, confirmEmail, memberWithProfile, type ApiMember } from '../../../test/members.js';
import { approveAll } from '../../../test/swipers.js';


let t: TestApp;
let api: ReturnType<typeof apiAs>;
beforeAll(async () => {
  t = await createTestApp({}, {}, { moderator: approveAll });
  api = apiAs(t.app);
}, 60_000);
afterAll(() => t.close());

async function withPhoto(m: ApiMember): Promise<{ id: string; url: string }> {
  const body = multipart(await makeJpeg(800, 600));
  const res = await t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${m.token}` } });
  return res.json<{ photo: { id: string; url: string } }>().photo;
}
/** Photos from before flirts got pictures of their own still have a blurred copy (blur_key); it must go too. */
async function withLegacyBlur(photoId: string): Promise<void> {
  const key = `${randomBytes(16).toString('hex')}.jpg`;
  await t.c.storage.put(key, await makeJpeg(48, 48));
  await t.c.db.query('UPDATE photos SET blur_key = $1 WHERE id = $2', [key, photoId]);
}
const photoFiles = async (photoId: string) => {
  const row = (await t.c.db.query<{ large_key: string; thumb_key: string; blur_key: string }>('SELECT large_key, thumb_key, blur_key FROM photos WHERE id = $1', [photoId]))[0]!;
  return [row.large_key, row.thumb_key, row.blur_key].map((k) => join(resolve(t.c.config.dataDir), 'photos', k.slice(0, 2), k));
};

describe('export', () => {
  it('contains the member\'s data, photos included, and nobody else\'s e-mail or birth date', async () => {
    const anna = await memberWithProfile(t.app, 'Anna', 'female');
    const ben = await memberWithProfile(t.app, 'Ben', 'male');
    await t.c.db.query("UPDATE profiles SET birth_date = '1980-07-07' WHERE user_id = $1", [ben.id]);
    await withPhoto(anna);
    await api('POST', `/api/likes/${ben.id}?type=like`, anna.token);
    await api('POST', `/api/messages/${ben.id}`, anna.token, { body: 'Hallo Ben' });
    await confirmEmail(t.c, anna.id); // the claim is a 'verified' endpoint
    expect((await api('POST', '/api/rewards/claim', anna.token, { type: 'login' })).statusCode).toBe(200);
    await api('POST', '/api/ai/df/memory', anna.token, { content: 'Ich mag Jazz.', tags: ['Musik'] });
    await api('PUT', '/api/me/consent', anna.token, { orientation: true });
    const device = createECDH('prime256v1');
    device.generateKeys();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/anna-phone';
    const keys = { p256dh: device.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    expect((await api('POST', '/api/push/subscriptions', anna.token, { endpoint, keys })).statusCode).toBe(200);
    const res = await api('GET', '/api/me/export', anna.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="funkeln-export.json"/);
    const data = res.json<Record<string, unknown> & { account: { email: string }; photos: { file: { base64: string } }[]; likesGiven: unknown[]; messages: unknown[]; ledger: unknown[]; companionMemories: unknown[]; consents: unknown[]; pushSubscriptions: unknown[] }>();
    expect(data.account.email).toMatch(/@example.org$/);
    // When she last opened her matches and her flirts (the badges' marks, issue 56 item 5).
    expect(data.account).toMatchObject({ matches_seen_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), flirts_seen_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(data.photos[0]!.file.base64.length).toBeGreaterThan(1000);
    expect(data.likesGiven).toEqual([expect.objectContaining({ member_id: ben.id, member_name: 'Ben', kind: 'like' })]);
    expect(data.messages).toEqual([expect.objectContaining({ direction: 'sent', member_id: ben.id, body: 'Hallo Ben' })]);
    expect(data.ledger).toEqual([expect.objectContaining({ kind: 'reward.login', amount: 10 })]);
    expect(data.companionMemories).toEqual([expect.objectContaining({ content: 'Ich mag Jazz.', tags: ['Musik'] })]);
    expect(data.consents).toEqual([expect.objectContaining({ kind: 'orientation', given: true })]);
    // Which AGB she accepted and when (issue 57).
    expect(data.termsAcceptances).toEqual([{ version: TERMS_VERSION, source: 'register', accepted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    // Art. 15: her devices opted in to Web Push (the endpoint is her browser's own address; its keys are not needed to know it).
    expect(data.pushSubscriptions).toEqual([{ endpoint, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    expect(res.body).not.toContain(keys.auth);
    const benEmail = (await t.c.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [ben.id]))[0]!.email;
    expect(res.body).not.toContain(benEmail);
    expect(res.body).not.toContain('1980-07-07');
  });
});

describe('erasure', () => {
  it('needs the password; then nothing of the member is reachable and the photo files are gone', async () => {
    const eva = await memberWithProfile(t.app, 'Eva', 'female');
    const tom = await memberWithProfile(t.app, 'Tom', 'male');
    const email = (await t.c.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [eva.id]))[0]!.email;
    const outbox = () => t.c.db.query('SELECT 1 FROM mail_outbox WHERE lower(to_address) = lower($1)', [email]);
    expect((await outbox()).length).toBeGreaterThan(0); // the verification mail
    const photo = await withPhoto(eva);
    await api('PUT', '/api/me/photo/categories', eva.token, { categories: ['face'] });
    await t.c.leaderboard.vote(tom.id, photo.id, 'face');
    await api('POST', `/api/messages/${tom.id}`, eva.token, { body: 'Bis bald' });
    await buyPack(t.app, eva.token, 'starter');
    await withLegacyBlur(photo.id);
    const files = await photoFiles(photo.id);
    expect(files).toHaveLength(3);
    expect(files.every((f) => existsSync(f))).toBe(true);
    expect((await api('DELETE', '/api/me', eva.token, { password: 'falsch123' })).statusCode).toBe(403);
    const res = await api('DELETE', '/api/me', eva.token, { password: 'Kiwi-Wolke-Geheim-42' });
    expect(res.statusCode).toBe(200);
    expect((await api('GET', '/api/me', eva.token)).statusCode).toBe(401);
    expect((await api('GET', `/api/profile/${eva.id}`, tom.token)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
    expect(files.some((f) => existsSync(f))).toBe(false);
    expect(await outbox()).toEqual([]); // no mail to the address stays behind or goes out later
    expect((await api('GET', '/api/feed', tom.token)).json<{ id: string }[]>().map((c) => c.id)).not.toContain(eva.id);
    expect((await api('GET', '/api/leaderboard/face', tom.token)).json<{ user_id: string }[]>().map((e) => e.user_id)).not.toContain(eva.id);
    expect((await api('GET', '/api/messages', tom.token)).json()).toEqual([expect.objectContaining({ sender_id: null, sender_name: 'Gelöschtes Profil', body: 'Bis bald' })]);
    // Bookkeeping keeps the ledger, anonymised.
    const wallet = await t.c.db.query<{ user_id: string | null; balance: number }>("SELECT user_id, balance::int AS balance FROM ledger_accounts WHERE kind = 'wallet' AND user_id IS NULL");
    expect(wallet.some((w) => w.balance === 50)).toBe(true);
    expect((await t.c.db.query('SELECT 1 FROM companion_memories m JOIN users u ON u.id = m.user_id WHERE u.id = $1', [eva.id])).length).toBe(0);
  });
});

describe('consent', () => {
  it('records consent with its time; withdrawing hides the member from discovery', async () => {
    const lara = await memberWithProfile(t.app, 'Lara', 'female');
    const max = await memberWithProfile(t.app, 'Max', 'male');
    await withPhoto(lara);
    expect((await api('GET', '/api/me/consent', lara.token)).json()).toEqual({ orientation: 'unknown', history: [] });
    await api('PUT', '/api/me/consent', lara.token, { orientation: true });
    expect((await api('GET', '/api/feed', max.token)).json<{ id: string }[]>().map((c) => c.id)).toContain(lara.id);
    const withdrawn = (await api('PUT', '/api/me/consent', lara.token, { orientation: false })).json<{ orientation: string; history: { given: boolean; at: string }[] }>();
    expect(withdrawn.orientation).toBe('withdrawn');
    expect(withdrawn.history.map((h) => h.given)).toEqual([true, false]);
    expect((await api('GET', '/api/feed', max.token)).json<{ id: string }[]>().map((c) => c.id)).not.toContain(lara.id);
    expect((await api('PUT', '/api/me/consent', lara.token, {})).statusCode).toBe(400);
  });
});
