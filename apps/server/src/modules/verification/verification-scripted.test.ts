// What follows a passed liveness check, through the HTTP API: the badge, the threshold setting, the
// team's queue, the DSGVO. The face engine is scripted here (test/scripted-face-engine.ts says why: a
// live head turn of one person cannot be recorded offline); PGlite or PostgreSQL.
import { VERIFICATION_TRIES_PER_DAY, type VerificationInstruction } from '@funkeln/contracts/verification';
import { describe, expect, it } from 'vitest';
import { register } from '../../../test/harness.js';
import { analysedFace, descriptorAt, liveTurnLeft, textureWith } from '../../../test/liveness-faces.js';
import { recordedLandmarks } from '../../../test/recorded-landmarks.js';
import { ScriptedFaceEngine, scriptedPhoto, scriptedTurn } from '../../../test/scripted-face-engine.js';
import { useVerification, type VerificationMember } from '../../../test/verification.js';

const engine = new ScriptedFaceEngine();
const { t, api, member, upload, submit } = useVerification({ faceEngine: engine });
type Member = VerificationMember;

async function attempt(m: Member, instruction: VerificationInstruction = 'turn_left'): Promise<string> {
  const res = await api('POST', '/api/me/verification/attempts', m.token);
  expect(res.statusCode, res.body).toBe(200);
  const { attemptId } = res.json<{ attemptId: string }>();
  await t.c.db.query('UPDATE verification_attempts SET instruction = $1 WHERE id = $2', [instruction, attemptId]);
  return attemptId;
}

const status = async (m: Member) => (await api('GET', '/api/me/verification', m.token)).json<{ consent: string; verified: boolean; pending: boolean; triesLeft: number }>();

async function admin(): Promise<Member> {
  const { token, email } = await register(t.app);
  await t.c.db.query("UPDATE users SET role = 'admin' WHERE email = $1", [email]);
  return { id: '', token };
}

describe('photo verification after a live head turn', () => {
  it('verifies the member, keeps no frame, shows the badge to others; the attempt is used; a withdrawal removes the badge', async () => {
    const anna = await member(await scriptedPhoto(engine));
    const id = await attempt(anna);
    const res = await submit(anna, id, await scriptedTurn(engine));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'verified', reason: null, triesLeft: VERIFICATION_TRIES_PER_DAY - 1 });
    expect(res.json<{ message: string }>().message).toContain('Foto verifiziert');
    expect(await status(anna)).toMatchObject({ consent: 'given', verified: true, pending: false });
    const viewer = await member(undefined, false);
    const profileOf = async () => (await api('GET', `/api/profile/${anna.id}`, viewer.token)).json<{ profile: { photo_verified?: boolean } }>().profile;
    expect(await profileOf()).toMatchObject({ photo_verified: true });
    const rows = await t.c.db.query<{ status: string; selfie_key: string | null }>('SELECT status, selfie_key FROM verification_attempts WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ status: 'verified', selfie_key: null });

    const again = await submit(anna, id, await scriptedTurn(engine));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'verification_attempt_used' });

    expect((await api('PUT', '/api/me/verification/consent', anna.token, { given: false })).json()).toMatchObject({ consent: 'withdrawn', verified: false });
    expect(await profileOf()).toMatchObject({ photo_verified: false });
  });

  it('refuses the live turn when one frame is a copy of her photo', async () => {
    const photoFace = analysedFace(recordedLandmarks.frontal, descriptorAt(0.3), textureWith(0.6, 3));
    const m = await member(await engine.picture([photoFace]));
    const turn = liveTurnLeft();
    turn[1] = { ...(turn[1] as (typeof turn)[number]), texture: photoFace.texture };
    expect((await submit(m, await attempt(m), await scriptedTurn(engine, turn))).json()).toMatchObject({ outcome: 'refused', reason: 'photo_copy' });
    expect(await status(m)).toMatchObject({ verified: false });
  });

  it('takes the threshold from the admin setting', async () => {
    const m = await member(await scriptedPhoto(engine));
    await t.c.settings.update({ FACE_MATCH_THRESHOLD: '0.05', FACE_MATCH_UNCERTAIN_BAND: '0' });
    try {
      expect((await submit(m, await attempt(m), await scriptedTurn(engine))).json()).toMatchObject({ outcome: 'refused' });
    } finally {
      await t.c.settings.update({ FACE_MATCH_THRESHOLD: '0.45', FACE_MATCH_UNCERTAIN_BAND: '0.1' });
    }
    expect((await submit(m, await attempt(m), await scriptedTurn(engine))).json()).toMatchObject({ outcome: 'verified' });
  });

  it('compares with the photos as they are at the check, not as they were at the start', async () => {
    const m = await member(await scriptedPhoto(engine));
    const id = await attempt(m);
    // Two photos of other people added while recording: the turn now matches only 1 of 3.
    for (const d of [0.9, 1]) await upload(m, await engine.picture([analysedFace(recordedLandmarks.turnedRight, descriptorAt(d), textureWith(0.1, 4))]));
    expect((await submit(m, id, await scriptedTurn(engine))).json()).toMatchObject({ outcome: 'refused', reason: 'face_mismatch' });
  });

  it('sends an uncertain case to the admins with the last frame beside the main photo, kept only until the decision', async () => {
    const berta = await member(await scriptedPhoto(engine, 0.52));
    const frames = await scriptedTurn(engine);
    const res = await submit(berta, await attempt(berta), frames);
    expect(res.json()).toMatchObject({ outcome: 'pending', reason: null });
    expect(await status(berta)).toMatchObject({ verified: false, pending: true });
    expect((await api('POST', '/api/me/verification/attempts', berta.token)).json()).toMatchObject({ error: 'verification_pending' });

    expect((await api('GET', '/api/admin/verifications', berta.token)).statusCode).toBe(403);
    const boss = await admin();
    const list = (await api('GET', '/api/admin/verifications', boss.token)).json<{ items: { attemptId: string; userId: string; selfieUrl: string; photoUrl: string | null; instructionText: string }[] }>();
    const item = list.items.find((i) => i.userId === berta.id);
    expect(item).toMatchObject({ instructionText: 'Dreh den Kopf nach links' });
    const selfie = await t.app.inject({ method: 'GET', url: item?.selfieUrl ?? '' });
    expect(selfie.statusCode).toBe(200);
    expect(selfie.headers['content-type']).toBe('image/jpeg');
    // The last frame (the head in the asked pose), re-encoded.
    expect(await engine.analyze(selfie.rawPayload)).toEqual(await engine.analyze(frames[frames.length - 1] as Buffer));
    expect((await t.app.inject({ method: 'GET', url: item?.photoUrl ?? '' })).statusCode).toBe(200);

    expect((await api('POST', `/api/admin/verifications/${item?.attemptId}/decision`, boss.token, { approve: true })).json()).toEqual({ outcome: 'approved' });
    expect(await status(berta)).toMatchObject({ verified: true, pending: false });
    expect((await t.app.inject({ method: 'GET', url: item?.selfieUrl ?? '' })).statusCode).toBe(404);
  });
});

describe('photo verification and the DSGVO', () => {
  it('exports the results and a waiting frame, and erases it with the account', async () => {
    const m = await member(await scriptedPhoto(engine, 0.52));
    expect((await submit(m, await attempt(m), await scriptedTurn(engine))).json()).toMatchObject({ outcome: 'pending' });
    const key = (await t.c.db.query<{ selfie_key: string }>('SELECT selfie_key FROM verification_attempts WHERE user_id = $1 AND selfie_key IS NOT NULL', [m.id]))[0]?.selfie_key ?? '';
    expect(await t.c.storage.get(key)).toBeDefined();
    const data = (await api('GET', '/api/me/export', m.token)).json<{ consents: unknown[]; verificationAttempts: Record<string, unknown>[] }>();
    expect(data.consents).toEqual([expect.objectContaining({ kind: 'biometric', given: true })]);
    expect(data.verificationAttempts).toEqual([expect.objectContaining({ status: 'uncertain', instruction: 'turn_left', model_version: expect.stringMatching(/^face-api/) })]);
    expect((data.verificationAttempts[0]?.selfie as { base64: string }).base64.length).toBeGreaterThan(500);
    expect(JSON.stringify(data)).not.toContain('descriptor');
    expect(JSON.stringify(data)).not.toContain('texture');

    expect((await api('DELETE', '/api/me', m.token, { password: 'Kiwi-Wolke-Geheim-42' })).statusCode).toBe(200);
    expect(await t.c.storage.get(key)).toBeUndefined();
    expect(await t.c.db.query('SELECT 1 FROM verification_attempts WHERE user_id = $1', [m.id])).toEqual([]);
  });
});
