// Issue 54, finding 3: "Foto verifiziert" by replaying one's own photo. The attacker has one photo (the
// member's frontal main photo) and makes every pose from it with 2-D warps. Real face model on the
// face-api sample crops; PGlite or PostgreSQL.
import { failureTexts, verificationInstructions, type VerificationInstruction } from '@funkeln/contracts/verification';
import { describe, expect, it } from 'vitest';
import { faceCrop, faces } from '../../../test/faces.js';
import { useVerification, type VerificationMember } from '../../../test/verification.js';
import { warpedSequence } from '../../../test/warped-stills.js';

const { t, api, member, submit } = useVerification();

async function attempt(m: VerificationMember, instruction: VerificationInstruction): Promise<string> {
  const res = await api('POST', '/api/me/verification/attempts', m.token);
  expect(res.statusCode, res.body).toBe(200);
  const { attemptId } = res.json<{ attemptId: string }>();
  await t.c.db.query('UPDATE verification_attempts SET instruction = $1 WHERE id = $2', [instruction, attemptId]);
  return attemptId;
}

describe('photo verification against a replayed still photo', () => {
  // Before the liveness check (one selfie: the last, fully warped frame) each of the three answered
  // `verified` and the badge showed on the profile.
  it.each(verificationInstructions)('refuses the main photo warped step by step into %s and grants no badge', async (instruction) => {
    const photo = await faceCrop(faces.frontal);
    const catfish = await member(photo);
    const res = await submit(catfish, await attempt(catfish, instruction), await warpedSequence(photo, instruction));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ outcome: string; reason: 'photo_copy' | 'no_liveness'; message: string }>();
    // The mirrored photo already looks a little to the side (yaw 0.27): that recording fails its start
    // before the copy check; every frame of each is a copy as well (face-engine.test.ts).
    expect(answer).toMatchObject({ outcome: 'refused', reason: instruction === 'turn_left' ? 'no_liveness' : 'photo_copy' });
    expect(answer.message).toBe(failureTexts[answer.reason]);
    expect((await api('GET', '/api/me/verification', catfish.token)).json()).toMatchObject({ verified: false, pending: false });
    const viewer = await member(undefined, false);
    expect((await api('GET', `/api/profile/${catfish.id}`, viewer.token)).json()).toMatchObject({ profile: { photo_verified: false } });
  }, 120_000);
});
