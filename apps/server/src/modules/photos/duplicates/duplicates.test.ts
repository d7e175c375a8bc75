import type { AuditEntry } from '@funkeln/contracts/admin';
import type { DuplicateFlag } from '@funkeln/contracts/photo-duplicates';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { faceCrop, faces } from '../../../../test/faces.js';
import { useTestApp } from '../../../../test/fixture.js';
import { register } from '../../../../test/harness.js';
import { multipart } from '../../../../test/images.js';
import { confirmEmail, memberWithProfile, type ApiMember } from '../../../../test/members.js';

const t = useTestApp({ env: { ADMIN_EMAILS: 'team@example.org' } });
let admin: string;

beforeAll(async () => {
  const { token } = await register(t.app, 'team@example.org', 'Kiwi-Wolke-Geheim-42', 'Team');
  await confirmEmail(t.c, (await t.api('GET', '/api/me', token)).json<{ id: string }>().id);
  admin = token;
});

async function upload(member: ApiMember, image: Buffer) {
  const body = multipart(image);
  const res = await t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${member.token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json<{ photo: { id: string } }>().photo.id, body: res.json<{ photo: Record<string, unknown> }>() };
}

const flags = async () => (await t.api('GET', '/api/admin/photos/duplicates', admin)).json<DuplicateFlag[]>();
const hashRows = async (photoId: string) => (await t.c.db.query('SELECT 1 FROM photo_hashes WHERE photo_id = $1', [photoId])).length;

describe('duplicate photos across accounts (issue 57 item 9)', () => {
  let anna: ApiMember;
  let thief: ApiMember;
  let annaPhoto: string;
  let copy: string;

  beforeAll(async () => {
    anna = await memberWithProfile(t.app, 'Anna Original', 'female');
    thief = await memberWithProfile(t.app, 'Kopierer', 'male');
    annaPhoto = (await upload(anna, await faceCrop(faces.frontal))).id;
  });

  it('flags a mirrored, recompressed copy by another account to the team; the uploader gets the usual answer', async () => {
    const mirrored = await sharp(await faceCrop(faces.frontal)).flop().jpeg({ quality: 45 }).toBuffer();
    const res = await upload(thief, mirrored);
    copy = res.id;
    expect(Object.keys(res.body.photo).sort()).toEqual(['createdAt', 'id', 'status', 'statusLabel', 'thumbUrl', 'url']);
    expect(JSON.stringify(res.body)).not.toMatch(/duplicate|doppelt|anna/i);

    const flag = (await flags()).find((f) => f.photo.photoId === copy);
    expect(flag).toMatchObject({
      mirrored: true,
      photo: { photoId: copy, memberId: thief.id, memberName: 'Kopierer', suspended: false },
      other: { photoId: annaPhoto, memberId: anna.id, memberName: 'Anna Original' },
    });
    expect(flag!.distance).toBeLessThanOrEqual(4);
    const thumb = await t.app.inject({ method: 'GET', url: flag!.other.thumbUrl });
    expect(thumb.statusCode).toBe(200);
  });

  it('is for admins only: members get 403 on the list and the dismissal', async () => {
    const flag = (await flags()).find((f) => f.photo.photoId === copy)!;
    expect((await t.api('GET', '/api/admin/photos/duplicates', thief.token)).statusCode).toBe(403);
    expect((await t.api('POST', `/api/admin/photos/duplicates/${flag.id}/dismiss`, anna.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/photos/duplicates' })).statusCode).toBe(401);
  });

  it('does not flag a member\'s own photos, nor a different person', async () => {
    const before = (await flags()).length;
    const self = await memberWithProfile(t.app, 'Doppelt Ich', 'female');
    await upload(self, await faceCrop(faces.neighbour));
    await upload(self, await sharp(await faceCrop(faces.neighbour)).jpeg({ quality: 60 }).toBuffer());
    const other = await memberWithProfile(t.app, 'Andere Frau', 'female');
    await upload(other, await faceCrop(faces.turnedLeft));
    expect((await flags()).length).toBe(before);
  });

  it('"Kein Problem" closes the flag once, in the audit log; the pair is not flagged again; unknown ids are 404', async () => {
    const flag = (await flags()).find((f) => f.photo.photoId === copy)!;
    const ok = await t.api('POST', `/api/admin/photos/duplicates/${flag.id}/dismiss`, admin);
    expect(ok.statusCode).toBe(200);
    expect((await flags()).some((f) => f.id === flag.id)).toBe(false);
    const again = await t.api('POST', `/api/admin/photos/duplicates/${flag.id}/dismiss`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'not_found', message: 'Diesen Hinweis gibt es nicht (mehr).' });
    expect((await t.api('POST', '/api/admin/photos/duplicates/00000000-0000-4000-8000-000000000000/dismiss', admin)).statusCode).toBe(404);
    expect((await t.api('POST', '/api/admin/photos/duplicates/nicht-da%00/dismiss', admin)).statusCode).toBe(400);
    await expect.poll(async () => (await t.api('GET', '/api/admin/audit', admin)).json<AuditEntry[]>().some((e) => e.action === 'photo.duplicate.dismiss' && e.target === flag.id)).toBe(true);
  });

  it('flags the reverse too: an earlier copy is found when the original comes later, both uploads in parallel stay whole', async () => {
    const later = await memberWithProfile(t.app, 'Spätere', 'female');
    const early = await memberWithProfile(t.app, 'Frühe', 'female');
    const picture = await faceCrop(faces.turnedRight);
    await upload(early, await sharp(picture).resize(300).jpeg({ quality: 50 }).toBuffer());
    const [a, b] = await Promise.all([upload(later, picture), upload(thief, await sharp(picture).modulate({ brightness: 1.1 }).jpeg().toBuffer())]);
    const open = await flags();
    expect(open.some((f) => f.photo.photoId === a.id || f.other.photoId === a.id)).toBe(true);
    expect(open.some((f) => f.photo.photoId === b.id || f.other.photoId === b.id)).toBe(true);
  });

  it('three accounts uploading the same picture at once: each pair is flagged once', async () => {
    const picture = await faceCrop(faces.turnedLeft, { margin: 0.9 });
    const racers = await Promise.all(['Erste', 'Zweite', 'Dritte'].map((name) => memberWithProfile(t.app, name, 'female')));
    const copies = [picture, await sharp(picture).jpeg({ quality: 50 }).toBuffer(), await sharp(picture).jpeg({ quality: 40 }).toBuffer()];
    const ids = (await Promise.all(racers.map((m, i) => upload(m, copies[i]!)))).map((r) => r.id);
    const open = await flags();
    const pairs = open.filter((f) => ids.includes(f.photo.photoId) && ids.includes(f.other.photoId));
    expect(pairs).toHaveLength(3);
  });

  it('erasure: deleting the photo or the account deletes its hashes and its flags', async () => {
    const victim = await memberWithProfile(t.app, 'Betroffene', 'female');
    const copier = await memberWithProfile(t.app, 'Zweitkonto', 'male');
    const original = (await upload(victim, await faceCrop(faces.tilted))).id;
    const dup = (await upload(copier, await faceCrop(faces.tilted, { quality: 50 }))).id;
    expect((await flags()).some((f) => f.photo.photoId === dup)).toBe(true);
    expect(await hashRows(dup)).toBe(2);

    expect((await t.api('DELETE', `/api/me/photos/${dup}`, copier.token)).statusCode).toBe(200);
    expect(await hashRows(dup)).toBe(0);
    expect((await flags()).some((f) => f.photo.photoId === dup)).toBe(false);

    expect((await t.api('DELETE', '/api/me', victim.token, { password: 'Kiwi-Wolke-Geheim-42' })).statusCode).toBe(200);
    expect(await hashRows(original)).toBe(0);
    expect((await t.c.db.query('SELECT 1 FROM photo_hashes WHERE user_id = $1', [victim.id])).length).toBe(0);
  });
});
