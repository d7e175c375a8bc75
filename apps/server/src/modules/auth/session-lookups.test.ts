import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { bearer, register } from '../../../test/harness.js';
import { sha256 } from '../../platform/crypto/crypto.js';

const t = useTestApp();

describe('session lookups at the same moment', () => {
  it('reads 40 sessions not cached in few statements, and every member gets their own; a revoked one among them stays out', async () => {
    const members = await Promise.all(Array.from({ length: 40 }, (_, k) => register(t.app, undefined, undefined, `Gleichzeitig ${k}`)));
    const [revoked] = members;
    await t.c.db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [sha256(revoked!.token)]);
    const reads: string[] = [];
    const query = t.c.db.query.bind(t.c.db);
    Object.assign(t.c.db, { query: (text: string, params?: unknown[]) => (text.includes('"s"."token_hash" = any(') && reads.push(text), query(text, params)) });
    let answers;
    try {
      answers = await Promise.all(members.map((m) => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(m.token) })));
    } finally {
      Object.assign(t.c.db, { query });
    }
    expect(answers[0]!.statusCode).toBe(401);
    for (const [k, res] of answers.entries()) {
      if (k === 0) continue;
      expect(res.statusCode).toBe(200);
      expect(res.json<{ email: string }>().email, `member ${k}`).toBe(members[k]!.email);
    }
    // One read per free slot (PGlite 1, PostgreSQL 4), then the rest together: not one per member.
    expect(reads.length).toBeLessThanOrEqual(5);
  });
});
