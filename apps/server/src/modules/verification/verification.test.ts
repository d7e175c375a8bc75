// Photo verification through the HTTP API with the real face model (face-api on tfjs-wasm in its
// worker) on crops of the sample photos inside @vladmandic/face-api; PGlite or PostgreSQL.
import { VERIFICATION_TRIES_PER_DAY, failureTexts, instructionTexts, type VerificationInstruction } from '@funkeln/contracts/verification';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { background, faceCrop, faces, gradient, samplePath } from '../../../test/faces.js';
import { register } from '../../../test/harness.js';
import { sameFaceSelfie, useVerification, type VerificationMember } from '../../../test/verification.js';

const { t, api, member, upload, submit } = useVerification();
type Member = VerificationMember;

/** Starts an attempt; the pose is random, so the test fixes the one its selfie shows. */
async function attempt(m: Member, instruction: VerificationInstruction): Promise<string> {
  const res = await api('POST', '/api/me/verification/attempts', m.token);
  expect(res.statusCode, res.body).toBe(200);
  const { attemptId, instruction: given, instructionText } = res.json<{ attemptId: string; instruction: VerificationInstruction; instructionText: string }>();
  expect(instructionText).toBe(instructionTexts[given]);
  await t.c.db.query('UPDATE verification_attempts SET instruction = $1 WHERE id = $2', [instruction, attemptId]);
  return attemptId;
}


async function status(m: Member) {
  return (await api('GET', '/api/me/verification', m.token)).json<{ consent: string; verified: boolean; pending: boolean; triesLeft: number }>();
}

async function admin(): Promise<Member> {
  const { token, email } = await register(t.app);
  await t.c.db.query("UPDATE users SET role = 'admin' WHERE email = $1", [email]);
  return { id: '', token };
}


describe('photo verification', () => {
  it('needs explicit consent first, then an approved photo', async () => {
    const m = await member(undefined, false);
    expect(await status(m)).toMatchObject({ consent: 'unknown', verified: false, triesLeft: VERIFICATION_TRIES_PER_DAY });
    const refused = await api('POST', '/api/me/verification/attempts', m.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'verification_consent_required' });
    await api('PUT', '/api/me/verification/consent', m.token, { given: true });
    const noPhoto = await api('POST', '/api/me/verification/attempts', m.token);
    expect(noPhoto.statusCode).toBe(409);
    expect(noPhoto.json()).toMatchObject({ error: 'verification_no_photo' });
  });

  it('verifies a selfie of the same person in the asked pose, keeps no selfie, and a withdrawal removes the badge', async () => {
    const anna = await member(await faceCrop(faces.turnedLeft));
    const id = await attempt(anna, 'turn_left');
    const res = await submit(anna, id, await sameFaceSelfie());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'verified', reason: null, triesLeft: VERIFICATION_TRIES_PER_DAY - 1 });
    expect(res.json<{ message: string }>().message).toContain('Foto verifiziert');
    expect(await status(anna)).toMatchObject({ consent: 'given', verified: true, pending: false });
    const viewer = await member(undefined, false);
    const profileOf = async () => (await api('GET', `/api/profile/${anna.id}`, viewer.token)).json<{ profile: { photo_verified?: boolean } }>().profile;
    expect(await profileOf()).toMatchObject({ photo_verified: true });
    const rows = await t.c.db.query<{ status: string; model_version: string; main_distance: number; selfie_key: string | null }>(
      'SELECT status, model_version, main_distance, selfie_key FROM verification_attempts WHERE id = $1',
      [id],
    );
    expect(rows[0]).toMatchObject({ status: 'verified', selfie_key: null });
    expect(rows[0]?.model_version).toMatch(/^face-api 1\.7\.15/);
    expect(rows[0]?.main_distance).toBeLessThan(0.45);

    // The attempt is used up.
    const again = await submit(anna, id, await sameFaceSelfie());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'verification_attempt_used' });

    const withdrawn = await api('PUT', '/api/me/verification/consent', anna.token, { given: false });
    expect(withdrawn.json()).toMatchObject({ consent: 'withdrawn', verified: false });
    expect(await profileOf()).toMatchObject({ photo_verified: false });
    expect((await api('POST', '/api/me/verification/attempts', anna.token)).statusCode).toBe(403);
  });

  it('explains each refusal in German: no face, several faces, wrong pose, another person', async () => {
    const m = await member(await faceCrop(faces.turnedLeft));
    const cases: [VerificationInstruction, Buffer, keyof typeof failureTexts][] = [
      ['tilt', await gradient(), 'no_face'],
      ['tilt', await sharp(samplePath(4)).resize({ width: 900 }).jpeg().toBuffer(), 'multiple_faces'],
      ['turn_right', await sameFaceSelfie(), 'pose_mismatch'],
      ['turn_right', await faceCrop(faces.turnedRight), 'face_mismatch'],
    ];
    for (const [instruction, selfie, reason] of cases) {
      const res = await submit(m, await attempt(m, instruction), selfie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), reason).toMatchObject({ outcome: 'refused', reason, message: failureTexts[reason] });
    }
    expect(failureTexts.face_mismatch).toBe('Dein Gesicht passt nicht zu deinen Fotos.');
    expect(await status(m)).toMatchObject({ verified: false, triesLeft: 1 });
  });

  it('takes the threshold from the admin setting', async () => {
    const m = await member(await faceCrop(faces.turnedLeft));
    await t.c.settings.update({ FACE_MATCH_THRESHOLD: '0.05', FACE_MATCH_UNCERTAIN_BAND: '0' });
    try {
      const strict = await submit(m, await attempt(m, 'turn_left'), await sameFaceSelfie());
      expect(strict.json()).toMatchObject({ outcome: 'refused', reason: 'face_mismatch' });
    } finally {
      await t.c.settings.update({ FACE_MATCH_THRESHOLD: '0.45', FACE_MATCH_UNCERTAIN_BAND: '0.1' });
    }
    const normal = await submit(m, await attempt(m, 'turn_left'), await sameFaceSelfie());
    expect(normal.json()).toMatchObject({ outcome: 'verified' });
  });

  it('compares with the photos as they are at the check, not as they were at the start', async () => {
    const m = await member(await faceCrop(faces.turnedLeft));
    const id = await attempt(m, 'turn_left');
    // Two photos of other people added while the selfie is taken: the selfie now matches only 1 of 3.
    for (const other of [faces.frontal, faces.turnedRight]) {
      await upload(m, await faceCrop(other));
    }
    expect((await submit(m, id, await sameFaceSelfie())).json()).toMatchObject({ outcome: 'refused', reason: 'face_mismatch' });
  });

  it('sends an uncertain case to the admins with both images, keeps the selfie only until the decision', async () => {
    // Two different women side by side in one sample photo, only ~0.47 apart for the model.
    const berta = await member(await faceCrop(faces.tilted));
    const res = await submit(berta, await attempt(berta, 'tilt'), await faceCrop(faces.neighbour));
    expect(res.json()).toMatchObject({ outcome: 'pending', reason: null });
    expect(await status(berta)).toMatchObject({ verified: false, pending: true });
    expect((await api('POST', '/api/me/verification/attempts', berta.token)).json()).toMatchObject({ error: 'verification_pending' });

    expect((await api('GET', '/api/admin/verifications', berta.token)).statusCode).toBe(403);
    const boss = await admin();
    const list = (await api('GET', '/api/admin/verifications', boss.token)).json<{ items: { attemptId: string; userId: string; selfieUrl: string; photoUrl: string | null; instructionText: string }[] }>();
    const item = list.items.find((i) => i.userId === berta.id);
    expect(item).toMatchObject({ instructionText: 'Neig den Kopf zur Seite' });
    const selfie = await t.app.inject({ method: 'GET', url: item?.selfieUrl ?? '' });
    expect(selfie.statusCode).toBe(200);
    expect(selfie.headers['content-type']).toBe('image/jpeg');
    expect((await t.app.inject({ method: 'GET', url: item?.photoUrl ?? '' })).statusCode).toBe(200);
    const forged = await t.app.inject({ method: 'GET', url: (item?.selfieUrl ?? '').replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`) });
    expect(forged.statusCode).toBe(403);

    const decided = await api('POST', `/api/admin/verifications/${item?.attemptId}/decision`, boss.token, { approve: true });
    expect(decided.json()).toEqual({ outcome: 'approved' });
    expect(await status(berta)).toMatchObject({ verified: true, pending: false });
    expect((await t.app.inject({ method: 'GET', url: item?.selfieUrl ?? '' })).statusCode).toBe(404);
    const twice = await api('POST', `/api/admin/verifications/${item?.attemptId}/decision`, boss.token, { approve: false });
    expect(twice.json()).toMatchObject({ error: 'verification_decided' });
    const rows = await t.c.db.query<{ selfie_key: string | null; status: string }>('SELECT selfie_key, status FROM verification_attempts WHERE id = $1', [item?.attemptId]);
    expect(rows[0]).toEqual({ selfie_key: null, status: 'approved' });
  });
});

describe('photo verification and the DSGVO', () => {
  it('exports the results and a waiting selfie, and erases the selfie with the account', async () => {
    const m = await member(await faceCrop(faces.tilted));
    expect((await submit(m, await attempt(m, 'tilt'), await faceCrop(faces.neighbour))).json()).toMatchObject({ outcome: 'pending' });
    const key = (await t.c.db.query<{ selfie_key: string }>('SELECT selfie_key FROM verification_attempts WHERE user_id = $1 AND selfie_key IS NOT NULL', [m.id]))[0]?.selfie_key ?? '';
    expect(await t.c.storage.get(key)).toBeDefined();
    const data = (await api('GET', '/api/me/export', m.token)).json<{ consents: unknown[]; verificationAttempts: Record<string, unknown>[] }>();
    expect(data.consents).toEqual([expect.objectContaining({ kind: 'biometric', given: true })]);
    expect(data.verificationAttempts).toEqual([expect.objectContaining({ status: 'uncertain', instruction: 'tilt', model_version: expect.stringMatching(/^face-api/) })]);
    expect((data.verificationAttempts[0]?.selfie as { base64: string }).base64.length).toBeGreaterThan(1000);
    expect(JSON.stringify(data)).not.toContain('descriptor');

    expect((await api('DELETE', '/api/me', m.token, { password: 'Kiwi-Wolke-Geheim-42' })).statusCode).toBe(200);
    expect(await t.c.storage.get(key)).toBeUndefined();
    expect(await t.c.db.query('SELECT 1 FROM verification_attempts WHERE user_id = $1', [m.id])).toEqual([]);
  });
});

describe('photo verification under attack', () => {
  it("refuses another member's attempt, malformed ids and garbage without using a try", async () => {
    const owner = await member(await faceCrop(faces.frontal));
    const intruder = await member(await faceCrop(faces.frontal));
    const id = await attempt(owner, 'tilt');
    const foreign = await submit(intruder, id, await gradient());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: 'not_found' });
    for (const bad of ['not-a-uuid', '%00', `${id}%00`]) expect((await submit(owner, bad, await gradient())).statusCode).toBe(400);
    const garbage = await submit(owner, id, Buffer.from('\0\0\0GIF89a\0garbage\0'));
    expect(garbage.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbage.statusCode).toBeLessThan(500);
    expect((await api('PUT', '/api/me/verification/consent', owner.token, { given: 'ja' })).statusCode).toBe(400);
    expect(await status(owner)).toMatchObject({ triesLeft: VERIFICATION_TRIES_PER_DAY });
    // Still open after all that: the owner's own selfie is checked.
    expect((await submit(owner, id, await background())).json()).toMatchObject({ outcome: 'refused', reason: 'no_face' });
    const decide = await api('POST', `/api/admin/verifications/${id}/decision`, owner.token, { approve: true });
    expect(decide.statusCode).toBe(403);
  });

  it('checks at most 5 selfies a day, also when 6 arrive at once', async () => {
    const m = await member(await faceCrop(faces.frontal));
    // Start resumes the one open attempt; six open ones at once (as from before that rule) are inserted directly.
    const ids = [await attempt(m, 'tilt')];
    for (let i = 0; i < 5; i++) {
      const id = crypto.randomUUID();
      await t.c.db.query("INSERT INTO verification_attempts (id, user_id, instruction, expires_at) VALUES ($1, $2, 'tilt', now() + interval '10 minutes')", [id, m.id]);
      ids.push(id);
    }
    const selfie = await gradient();
    const answers = await Promise.all(ids.map((id) => submit(m, id, selfie)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = answers.find((a) => a.statusCode === 429);
    expect(limited?.json()).toMatchObject({ error: 'rate_limited', message: expect.stringContaining('5 Verifizierungsversuche') });
    expect(await status(m)).toMatchObject({ triesLeft: 0 });
    expect((await api('POST', '/api/me/verification/attempts', m.token)).json()).toMatchObject({ error: 'rate_limited', message: expect.stringContaining('morgen') });
    const rows = await t.c.db.query<{ n: number }>("SELECT count(*)::int AS n FROM verification_attempts WHERE user_id = $1 AND status = 'refused'", [m.id]);
    expect(rows[0]?.n).toBe(5);
  });
});
