// Photo verification through the HTTP API with the real face model (face-api on tfjs-wasm in its
// worker) on crops of the sample photos inside @vladmandic/face-api; PGlite or PostgreSQL. Still
// pictures only: what follows a live head turn (badge, team queue) is in verification-scripted.test.ts.
import { VERIFICATION_FRAMES_MAX, VERIFICATION_TRIES_PER_DAY, failureTexts, instructionTexts, type VerificationInstruction } from '@funkeln/contracts/verification';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { background, faceCrop, faces, gradient, samplePath } from '../../../test/faces.js';
import { bearer } from '../../../test/harness.js';
import { fileParts, sameFaceSelfie, still, useVerification, type VerificationMember } from '../../../test/verification.js';

const { t, api, member, submit } = useVerification();
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

  it('explains each refusal of a still picture in German: no face, several faces, no movement, wrong pose', async () => {
    const m = await member(await faceCrop(faces.frontal));
    const cases: [VerificationInstruction, Buffer[], keyof typeof failureTexts][] = [
      ['turn_left', still(await gradient(), 4), 'no_face'],
      ['turn_left', still(await sharp(samplePath(4)).resize({ width: 900 }).jpeg().toBuffer(), 4), 'multiple_faces'],
      // A photo of a turned head held still: it never looks straight.
      ['turn_left', still(await sameFaceSelfie(), 4), 'no_liveness'],
      // A face looking straight the whole time: never turns.
      ['turn_right', still(await faceCrop(faces.frontal, { margin: 0.5, shift: 0.05 }), 4), 'pose_mismatch'],
    ];
    for (const [instruction, frames, reason] of cases) {
      const res = await submit(m, await attempt(m, instruction), frames);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), reason).toMatchObject({ outcome: 'refused', reason, message: failureTexts[reason] });
    }
    expect(await status(m)).toMatchObject({ verified: false, triesLeft: 1 });
  }, 120_000);

  it('draws only turns: a tilt is what a rotated photo shows', async () => {
    const m = await member(await faceCrop(faces.frontal));
    const drawn = new Set<string>();
    for (let i = 0; i < 12; i++) {
      drawn.add((await api('POST', '/api/me/verification/attempts', m.token)).json<{ instruction: string }>().instruction);
      await t.c.db.query("UPDATE verification_attempts SET expires_at = now() - interval '1 second' WHERE user_id = $1", [m.id]);
    }
    expect([...drawn].sort()).toEqual(['turn_left', 'turn_right']);
  });
});

describe('photo verification under attack', () => {
  it("refuses another member's attempt, malformed ids and garbage without using a try", async () => {
    const owner = await member(await faceCrop(faces.frontal));
    const intruder = await member(await faceCrop(faces.frontal));
    const id = await attempt(owner, 'tilt');
    const foreign = await submit(intruder, id, still(await gradient()));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: 'not_found' });
    for (const bad of ['not-a-uuid', '%00', `${id}%00`]) expect((await submit(owner, bad, still(await gradient()))).statusCode).toBe(400);
    const garbage = await submit(owner, id, [...still(await gradient(), 3), Buffer.from('\0\0\0GIF89a\0garbage\0')]);
    expect(garbage.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbage.statusCode).toBeLessThan(500);
    // Too few frames, too many, and parts under another name: a German 400 before any decoding.
    const frame = await gradient();
    for (const frames of [still(frame, 1), still(frame, 3), still(frame, VERIFICATION_FRAMES_MAX + 1)]) {
      const res = await submit(owner, id, frames);
      expect(res.statusCode, `${frames.length} frames`).toBe(400);
      expect(res.json()).toMatchObject({ error: 'verification_frames', message: 'Bitte sende zwischen 4 und 8 Kamerabilder im Feld „frame“.' });
    }
    const wrongField = fileParts([...still(frame, 4).map((data) => ({ field: 'frame', data })), { field: 'file', data: frame }]);
    const misnamed = await t.app.inject({ method: 'POST', url: `/api/me/verification/attempts/${id}/selfie`, payload: wrongField.payload, headers: { ...wrongField.headers, ...bearer(owner.token) } });
    expect(misnamed.json()).toMatchObject({ error: 'verification_frames' });
    expect((await api('PUT', '/api/me/verification/consent', owner.token, { given: 'ja' })).statusCode).toBe(400);
    expect(await status(owner)).toMatchObject({ triesLeft: VERIFICATION_TRIES_PER_DAY });
    // Still open after all that: the owner's own selfie is checked.
    expect((await submit(owner, id, still(await background()))).json()).toMatchObject({ outcome: 'refused', reason: 'no_face' });
    const decide = await api('POST', `/api/admin/verifications/${id}/decision`, owner.token, { approve: true });
    expect(decide.statusCode).toBe(403);
  }, 120_000);

  it('checks at most 5 selfies a day, also when 6 arrive at once', async () => {
    const m = await member(await faceCrop(faces.frontal));
    // Start resumes the one open attempt; six open ones at once (as from before that rule) are inserted directly.
    const ids = [await attempt(m, 'tilt')];
    for (let i = 0; i < 5; i++) {
      const id = crypto.randomUUID();
      await t.c.db.query("INSERT INTO verification_attempts (id, user_id, instruction, expires_at) VALUES ($1, $2, 'tilt', now() + interval '10 minutes')", [id, m.id]);
      ids.push(id);
    }
    const frames = still(await gradient(), 4);
    const answers = await Promise.all(ids.map((id) => submit(m, id, frames)));
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
