import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/harness.js';

// Per-address limits behind a reverse proxy (TRUST_PROXY): the client writes X-Forwarded-For
// itself, so only the entries the trusted proxies appended name the client. Counted here on the
// reset-request limit (20 an hour per address, each answer the same 200 whether or not the address exists).
const RESET_MAX = 20;
const PROXY = '10.0.0.1';

async function resetRequests(t: TestApp, n: number, from: (i: number) => { remoteAddress: string; forwardedFor?: string }): Promise<number[]> {
  const answers = await Promise.all(
    Array.from({ length: n }, (_, i) => {
      const { remoteAddress, forwardedFor } = from(i);
      return t.app.inject({
        method: 'POST',
        url: '/api/auth/password/request',
        payload: { email: uniqueEmail('reset') },
        remoteAddress,
        headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      });
    }),
  );
  return answers.map((a) => a.statusCode);
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

function withApp(env: Record<string, string>): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(env);
  });
  afterAll(() => t?.close());
  return () => t!;
}

describe('TRUST_PROXY=true: one proxy in front', () => {
  const app = withApp({ TRUST_PROXY: 'true' });

  it('counts the address the proxy appended, however the client varies the entries before it', async () => {
    const statuses = await resetRequests(app(), RESET_MAX + 5, (i) => ({ remoteAddress: PROXY, forwardedFor: `198.51.100.${i + 1}, 203.0.113.7` }));
    expect([count(statuses, 200), count(statuses, 429)]).toEqual([RESET_MAX, 5]);
    // Another client behind the same proxy has its own count.
    expect(await resetRequests(app(), 1, () => ({ remoteAddress: PROXY, forwardedFor: '203.0.113.8' }))).toEqual([200]);
  });

  it('counts an address the proxy wrote with a port, or junk, in one bucket (red team: one bucket per port before)', async () => {
    const withPort = await resetRequests(app(), RESET_MAX + 3, (i) => ({ remoteAddress: PROXY, forwardedFor: `203.0.113.41:${2000 + i}` }));
    expect([count(withPort, 200), count(withPort, 429)]).toEqual([RESET_MAX, 3]);
    const junk = await resetRequests(app(), RESET_MAX + 3, (i) => ({ remoteAddress: PROXY, forwardedFor: `garbage${i}` }));
    expect([count(junk, 200), count(junk, 429)]).toEqual([RESET_MAX, 3]);
  });

  it('counts a chain with an empty entry in the junk bucket, never the entry the client wrote before it (second red-team pass)', async () => {
    for (const tail of [', ', ',\t', ',,,']) {
      const statuses = await resetRequests(app(), RESET_MAX + 2, (i) => ({ remoteAddress: PROXY, forwardedFor: `10.4.${i}.1${tail}` }));
      expect(count(statuses, 429), JSON.stringify(tail)).toBeGreaterThanOrEqual(2);
    }
  });

  it('sends HSTS for a request the proxy received over https', async () => {
    const res = await app().app.inject({ method: 'GET', url: '/healthz', remoteAddress: PROXY, headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('TRUST_PROXY=2: two proxies in a row', () => {
  const app = withApp({ TRUST_PROXY: '2' });

  it('counts the address the outer proxy appended (second from the right)', async () => {
    const statuses = await resetRequests(app(), RESET_MAX + 3, (i) => ({ remoteAddress: PROXY, forwardedFor: `198.51.100.${i + 1}, 203.0.113.9, 10.0.0.2` }));
    expect([count(statuses, 200), count(statuses, 429)]).toEqual([RESET_MAX, 3]);
  });
});

describe('TRUST_PROXY as a list of proxy addresses and networks', () => {
  const app = withApp({ TRUST_PROXY: `${PROXY}, 192.168.0.0/16` });

  it('skips the listed proxies from the right and counts the first address that is none of them', async () => {
    const statuses = await resetRequests(app(), RESET_MAX + 2, (i) => ({ remoteAddress: PROXY, forwardedFor: `198.51.100.${i + 1}, 203.0.113.10, 192.168.4.4` }));
    expect([count(statuses, 200), count(statuses, 429)]).toEqual([RESET_MAX, 2]);
  });

  it('ignores the header from a peer that is not a listed proxy, also for https detection', async () => {
    const statuses = await resetRequests(app(), RESET_MAX + 1, (i) => ({ remoteAddress: '203.0.113.11', forwardedFor: `198.51.100.${i + 1}` }));
    expect([count(statuses, 200), count(statuses, 429)]).toEqual([RESET_MAX, 1]);
    const direct = await app().app.inject({ method: 'GET', url: '/healthz', remoteAddress: '203.0.113.12', headers: { 'x-forwarded-proto': 'https' } });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    const proxied = await app().app.inject({ method: 'GET', url: '/healthz', remoteAddress: '::ffff:192.168.1.1', headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('TRUST_PROXY=false (the default)', () => {
  const app = withApp({});

  it('counts the TCP peer and ignores a forwarded-for header the client wrote', async () => {
    const statuses = await resetRequests(app(), RESET_MAX + 4, (i) => ({ remoteAddress: '203.0.113.13', forwardedFor: `198.51.100.${i + 1}` }));
    expect([count(statuses, 200), count(statuses, 429)]).toEqual([RESET_MAX, 4]);
    const res = await app().app.inject({ method: 'GET', url: '/healthz', remoteAddress: PROXY, headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
