import { randomBytes } from 'node:crypto';
import { limits } from '@funkeln/contracts/routes/limits';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../test/fixture.js';
import { LoginCodeService } from '../login-codes.service.js';

const t = useTestApp();
// The spy wraps the class's prototype: gone after each test, whichever file the worker runs next.
afterEach(() => vi.restoreAllMocks());

describe('POST /api/auth/oauth/exchange', () => {
  it('evaluates at most the per-address limit of codes sent at once, and refuses the rest with a German 429', async () => {
    const { max } = limits.oauthExchangeIp;
    const exchange = vi.spyOn(LoginCodeService.prototype, 'exchange');
    const answers = await Promise.all(
      Array.from({ length: max + 7 }, () =>
        t.app.inject({ method: 'POST', url: '/api/auth/oauth/exchange', payload: { code: randomBytes(32).toString('base64url') }, remoteAddress: '203.0.113.20' }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect([statuses.filter((s) => s === 400).length, statuses.filter((s) => s === 429).length]).toEqual([max, 7]);
    expect(exchange).toHaveBeenCalledTimes(max);
    const refused = answers.find((a) => a.statusCode === 429);
    expect(refused?.headers['retry-after']).toBeDefined();
    expect(refused?.json<{ error: string; message: string }>()).toMatchObject({ error: 'rate_limited', message: expect.stringMatching(/[äöüß]|Versuch|Anfragen/) });
    // Another address still has its own count.
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/oauth/exchange', payload: { code: randomBytes(32).toString('base64url') }, remoteAddress: '203.0.113.21' });
    expect(other.statusCode).toBe(400);
  });
});
