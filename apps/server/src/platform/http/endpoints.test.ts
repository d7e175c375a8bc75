import { allEndpoints } from '@funkeln/contracts/routes/all';
import type { EndpointSpec } from '@funkeln/contracts/routes/define';
import { limits } from '@funkeln/contracts/routes/limits';
import { safetyEndpoints } from '@funkeln/contracts/routes/safety';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { bearer, register } from '../../../test/harness.js';

const t = useTestApp();

/** The endpoint's path with every parameter a foreign-looking value (never a valid id). */
const pathWithJunk = (e: EndpointSpec) => e.path.replace(/:[A-Za-z0-9_]+/g, 'x%00y');

/** A request an attacker would send: junk in every parameter, a body of the wrong shape, a NUL byte. */
function junk(e: EndpointSpec, headers: Record<string, string> = {}): InjectOptions {
  const withBody = e.method !== 'GET' && e.method !== 'DELETE';
  return {
    method: e.method,
    url: `${pathWithJunk(e)}?limit=-1&cursor=%00`,
    headers: { ...headers, ...(withBody ? { 'content-type': 'application/json' } : {}) },
    ...(withBody ? { payload: '{"\\u0000":[1e999]}' } : {}),
  };
}

const above = (level: EndpointSpec['auth']) => allEndpoints.filter((e) => e.auth !== 'visitor' && (level === 'member' || e.auth === level));

describe('the contract table', () => {
  it('has every endpoint registered on the app, once', () => {
    const seen = new Set<string>();
    for (const e of allEndpoints) {
      const key = `${e.method} ${e.path}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      expect(t.app.hasRoute({ method: e.method, url: e.path }), key).toBe(true);
    }
  });

  it('answers an anonymous request to a members endpoint 401 before looking at its input', async () => {
    for (const e of above('member')) {
      const res = await t.app.inject(junk(e));
      expect([res.statusCode, res.json<{ error: string }>().error], `${e.method} ${e.path}`).toEqual([401, 'unauthorized']);
    }
  });

  it('answers a member on an admin endpoint 403 before looking at its input', async () => {
    const { token } = await register(t.app);
    for (const e of above('admin')) {
      const res = await t.app.inject(junk(e, bearer(token)));
      expect([res.statusCode, res.json<{ error: string }>().error], `${e.method} ${e.path}`).toEqual([403, 'forbidden']);
    }
  });

  it('answers a member with an unconfirmed e-mail on a verified endpoint 403 email_not_verified', async () => {
    const { token } = await register(t.app);
    for (const e of above('verified')) {
      const res = await t.app.inject(junk(e, bearer(token)));
      expect([res.statusCode, res.json<{ error: string }>().error], `${e.method} ${e.path}`).toEqual([403, 'email_not_verified']);
    }
  });

  it('counts a declared limit before the body is read, exactly, under parallel requests', async () => {
    const { token } = await register(t.app);
    const report = safetyEndpoints.report;
    expect(report.limits).toContain(limits.report);
    const answers = await Promise.all(Array.from({ length: limits.report.max + 5 }, () => t.app.inject(junk(report, bearer(token)))));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(limits.report.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(answers.find((r) => r.statusCode === 429)?.headers['retry-after']).toMatch(/^\d+$/);
  });
});
