// A change of the main photo to another face removes the "Foto verifiziert" badge; the same face keeps
// it. Real model (face-api on tfjs-wasm in its worker) on crops of the sample photos inside
// @vladmandic/face-api; the check runs after the commit in the background (awaited through idle()).
import { describe, expect, it } from 'vitest';
import { faceCrop, faces } from '../../../test/faces.js';
import { register } from '../../../test/harness.js';
import { useVerification, type VerificationMember } from '../../../test/verification.js';

const { t, api, member, upload } = useVerification();
type Member = VerificationMember;

/**
 * A member whose photo shows the turned-left face, with the badge. Only a live head turn earns it
 * (verification-scripted.test.ts), which no still picture can give the real model, so the badge is
 * written as the check writes it; what this file tests is what the real model says about later photos.
 */
async function verified(): Promise<Member & { photo: string }> {
  const m = await member();
  const photo = await upload(m, await faceCrop(faces.turnedLeft));
  const attemptId = crypto.randomUUID();
  await t.c.db.query("INSERT INTO verification_attempts (id, user_id, instruction, status, expires_at, checked_at) VALUES ($1, $2, 'turn_left', 'verified', now(), now())", [attemptId, m.id]);
  await t.c.db.query('INSERT INTO photo_verifications (user_id, attempt_id, reference_photo_ids) VALUES ($1, $2, $3)', [m.id, attemptId, [photo]]);
  await t.c.faceVerification.idle();
  return { ...m, photo };
}

const isVerified = async (m: Member) => (await api('GET', '/api/me/verification', m.token)).json<{ verified: boolean }>().verified;
const references = async (m: Member) =>
  (await t.c.db.query<{ reference_photo_ids: string[] }>('SELECT reference_photo_ids FROM photo_verifications WHERE user_id = $1', [m.id]))[0]?.reference_photo_ids;
async function order(m: Member, ids: string[]): Promise<void> {
  expect((await api('PUT', '/api/me/photos/order', m.token, { ids })).statusCode).toBe(200);
  await t.c.faceVerification.idle();
}

describe('badge and main photo', () => {
  it('keeps the badge when the new main photo shows the same face (it becomes a reference), removes it for another face', async () => {
    const anna = await verified();
    expect(await references(anna)).toEqual([anna.photo]);

    // Another photo of the same woman (other crop and size) moved to the front: same face, badge kept.
    const same = await upload(anna, await faceCrop(faces.turnedLeft, { margin: 0.9, shift: -0.1, width: 520 }));
    await t.c.faceVerification.idle();
    await order(anna, [same, anna.photo]);
    expect(await isVerified(anna)).toBe(true);
    expect(await references(anna)).toEqual([anna.photo, same]);
    // Back and forth between reference photos: no model run needed, nothing changes.
    await order(anna, [anna.photo, same]);
    expect(await isVerified(anna)).toBe(true);

    // A different woman as the main photo: the badge goes, on cards and profiles too.
    const other = await upload(anna, await faceCrop(faces.frontal));
    await order(anna, [other, anna.photo, same]);
    expect(await isVerified(anna)).toBe(false);
    const viewer = (await register(t.app)).token;
    expect((await api('GET', `/api/profile/${anna.id}`, viewer)).json<{ profile: { photo_verified?: boolean } }>().profile).toMatchObject({ photo_verified: false });
    // Moving the verified photo back does not bring it back: verify again.
    await order(anna, [anna.photo, other, same]);
    expect(await isVerified(anna)).toBe(false);
  }, 120_000);

  it('removes the badge when deleting the verified photo leaves another face as the main photo; an upload behind the main photo keeps it', async () => {
    const berta = await verified();
    const other = await upload(berta, await faceCrop(faces.turnedRight));
    await t.c.faceVerification.idle();
    expect(await isVerified(berta)).toBe(true);
    expect((await api('DELETE', `/api/me/photos/${berta.photo}`, berta.token)).statusCode).toBe(200);
    await t.c.faceVerification.idle();
    expect(await isVerified(berta)).toBe(false);
    expect((await api('GET', '/api/me/photos', berta.token)).json<{ photos: { id: string; main: boolean }[] }>().photos).toMatchObject([{ id: other, main: true }]);
  }, 120_000);

  it("removes the badge when an admin's decision makes another face the main photo", async () => {
    const clara = await verified();
    const other = await upload(clara, await faceCrop(faces.frontal));
    await t.c.faceVerification.idle();
    expect(await isVerified(clara)).toBe(true);
    const { token, email } = await register(t.app);
    await t.c.db.query("UPDATE users SET role = 'admin' WHERE email = $1", [email]);
    expect((await api('POST', `/api/admin/photos/${clara.photo}/disable`, token)).statusCode).toBe(200);
    await t.c.faceVerification.idle();
    expect(await isVerified(clara)).toBe(false);
    expect((await api('GET', '/api/me/photos', clara.token)).json<{ photos: { id: string; main: boolean }[] }>().photos.find((p) => p.main)?.id).toBe(other);
  }, 120_000);
});
