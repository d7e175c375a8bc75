// Photo verification: an open attempt is resumed (its pose cannot be re-rolled) and admin decisions
// land in the admin audit log. The face engine is scripted (test/scripted-face-engine.ts says why);
// PGlite or PostgreSQL.
import { describe, expect, it } from 'vitest';
import { gradient } from '../../../test/faces.js';
import { register } from '../../../test/harness.js';
import { ScriptedFaceEngine, scriptedPhoto, scriptedTurn } from '../../../test/scripted-face-engine.js';
import { still, useVerification, type VerificationMember } from '../../../test/verification.js';

const engine = new ScriptedFaceEngine();
const { t, api, member, submit } = useVerification({ faceEngine: engine });
type Member = VerificationMember;

interface Attempt {
  attemptId: string;
  instruction: string;
  instructionText: string;
  expiresAt: string;
}

const start = async (m: Member) => {
  const res = await api('POST', '/api/me/verification/attempts', m.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Attempt>();
};

describe('photo verification attempts', () => {
  it('resumes the open attempt instead of drawing a new pose, also for parallel starts; a used or expired one is replaced', async () => {
    const m = await member(await scriptedPhoto(engine));
    const first = await start(m);
    const again = await Promise.all(Array.from({ length: 6 }, () => start(m)));
    for (const a of again) expect(a).toEqual(first);
    const rows = await t.c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM verification_attempts WHERE user_id = $1', [m.id]);
    expect(rows[0]?.n).toBe(1);
    // Another member's start does not see it.
    const other = await member(await scriptedPhoto(engine));
    expect((await start(other)).attemptId).not.toBe(first.attemptId);

    // Used: the next start is a new attempt.
    expect((await submit(m, first.attemptId, still(await gradient()))).json()).toMatchObject({ outcome: 'refused', reason: 'no_face' });
    const second = await start(m);
    expect(second.attemptId).not.toBe(first.attemptId);
    // Expired: a new one as well, and the expired one cannot be used any more.
    await t.c.db.query("UPDATE verification_attempts SET expires_at = now() - interval '1 second' WHERE id = $1", [second.attemptId]);
    const third = await start(m);
    expect(third.attemptId).not.toBe(second.attemptId);
    expect((await submit(m, second.attemptId, still(await gradient()))).json()).toMatchObject({ error: 'verification_attempt_used' });
  });

  it("writes an admin's decision to the audit log, once", async () => {
    const { token, email } = await register(t.app);
    await t.c.db.query("UPDATE users SET role = 'admin' WHERE email = $1", [email]);
    // Her photo a little beyond the threshold from the recording: uncertain.
    const berta = await member(await scriptedPhoto(engine, 0.52));
    const { attemptId } = await start(berta);
    await t.c.db.query("UPDATE verification_attempts SET instruction = 'turn_left' WHERE id = $1", [attemptId]);
    expect((await submit(berta, attemptId, await scriptedTurn(engine))).json()).toMatchObject({ outcome: 'pending' });
    expect((await api('GET', '/api/me/verification', berta.token)).json()).toMatchObject({ pending: true, teamDecision: null });

    expect((await api('POST', `/api/admin/verifications/${attemptId}/decision`, token, { approve: false })).json()).toEqual({ outcome: 'refused' });
    // The member learns it from the status (the page shows TEAM_REFUSED_TEXT).
    expect((await api('GET', '/api/me/verification', berta.token)).json()).toMatchObject({ pending: false, verified: false, teamDecision: 'rejected' });
    expect((await api('POST', `/api/admin/verifications/${attemptId}/decision`, token, { approve: true })).json()).toMatchObject({ error: 'verification_decided' });
    const entries = async () =>
      (await api('GET', '/api/admin/audit', token)).json<{ admin: string; action: string; target: string; details: unknown }[]>().filter((a) => a.target === attemptId);
    await expect.poll(entries).toEqual([expect.objectContaining({ admin: email, action: 'verification.refuse', details: { member: berta.id } })]);
  });
});
