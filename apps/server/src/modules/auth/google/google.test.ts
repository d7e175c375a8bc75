import { randomUUID } from 'node:crypto';
import { INVALID_LOGIN_CODE, oauthErrorMessages } from '@funkeln/contracts/auth';
import { TERMS_VERSION } from '@funkeln/contracts/terms';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, PUBLIC_URL, register, uniqueEmail, type TestApp } from '../../../../test/harness.js';
import { GOOGLE_CALLBACK_URL, startOidcProvider, type OidcAccount, type TestOidcProvider } from '../../../../test/oidc-provider.js';
import { sha256 } from '../../../platform/crypto/crypto.js';

const START = '/api/auth/oauth/google/start';
const COOKIE = 'funkeln_oauth_state';
const BINDING = 'funkeln_login_binding';
const EXCHANGE = '/api/auth/oauth/exchange';

/** A Set-Cookie header as `name=value` and its attributes in a fixed order (their order means nothing to a browser). */
function sameCookie(header: string | undefined): string {
  const [pair, ...attributes] = (header ?? '').split('; ');
  return [pair, ...attributes.sort()].join('; ');
}

let provider: TestOidcProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider();
  t = await createTestApp(provider.env);
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** GET start like a browser: returns the provider URL and the state cookie to send back. */
async function start(app: TestApp = t) {
  const res = await app.app.inject({ method: 'GET', url: START });
  expect(res.statusCode).toBe(302);
  const setCookie = String(res.headers['set-cookie']);
  const state = new RegExp(`^${COOKIE}=([^;]+);`).exec(setCookie)?.[1];
  expect(state).toBeTruthy();
  return { url: new URL(String(res.headers.location)), setCookie, state: state ?? '', cookie: `${COOKIE}=${state}` };
}

/**
 * GET the callback the provider redirected to; returns where Funkeln sent the browser: the login
 * code (`token` in the URL) or an error, and the binding cookie the browser got with it.
 */
async function callback(callbackUrl: string, cookie: string | undefined, app: TestApp = t) {
  const url = new URL(callbackUrl);
  const res = await app.app.inject({ method: 'GET', url: url.pathname + url.search, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(302);
  const cookies = [res.headers['set-cookie'] ?? []].flat();
  expect(sameCookie(cookies[0])).toBe(sameCookie(`${COOKIE}=; Path=/api/auth/oauth/google; HttpOnly; SameSite=Lax; Max-Age=0`));
  const binding = cookies.find((c) => c.startsWith(`${BINDING}=`));
  const target = new URL(String(res.headers.location), PUBLIC_URL);
  expect(target.origin + target.pathname).toBe(`${PUBLIC_URL}/login`);
  return { token: target.searchParams.get('token'), error: target.searchParams.get('error'), binding };
}

/** POST the login page's exchange of a code, with the browser's binding cookie if given. */
function exchange(code: string | null, binding: string | undefined) {
  const cookie = binding?.split(';')[0];
  return t.app.inject({ method: 'POST', url: EXCHANGE, payload: { code }, headers: cookie ? { cookie } : {} });
}

/** What the login page does with a successful callback: trade the code for a session token. */
async function session(signedIn: { token: string | null; binding: string | undefined }): Promise<string> {
  const res = await exchange(signedIn.token, signedIn.binding);
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}

/** The whole round trip: start, sign in at the provider as account, callback with the browser's cookie. */
async function signIn(account: OidcAccount, app: TestApp = t) {
  const flow = await start(app);
  return callback(await provider.authorize(flow.url.href, account), flow.cookie, app);
}

async function me(token: string | null) {
  const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token ?? '') });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string; email: string; display_name: string; email_verified: boolean; role: string }>();
}

async function userByEmail(email: string) {
  return t.c.db.query<{ id: string; google_sub: string | null; password_hash: string | null; email_verified: boolean }>(
    'SELECT id, google_sub, password_hash, email_verified FROM users WHERE email = $1',
    [email],
  );
}

const googleAccount = (over: Partial<OidcAccount> = {}): OidcAccount => ({
  sub: `g-${randomUUID()}`,
  email: uniqueEmail('google'),
  email_verified: true,
  name: 'Gerda Google',
  ...over,
});

describe('start', () => {
  it('redirects to the provider with PKCE (S256), state, nonce and the public callback URL, binding the state by cookie', async () => {
    const discovery = await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json() as { authorization_endpoint: string };
    const flow = await start();

    expect(flow.url.origin + flow.url.pathname).toBe(discovery.authorization_endpoint);
    const q = flow.url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(provider.clientId);
    expect(q.get('redirect_uri')).toBe(GOOGLE_CALLBACK_URL);
    expect(q.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('state')).toBe(flow.state);
    expect(q.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('client_secret')).toBeNull();

    expect(sameCookie(flow.setCookie)).toBe(sameCookie(`${COOKIE}=${flow.state}; Path=/api/auth/oauth/google; HttpOnly; SameSite=Lax; Max-Age=600`));
    // Only a hash of the state is stored, never the state itself.
    expect(await t.c.db.query('SELECT 1 FROM oauth_states WHERE state_hash = $1', [sha256(flow.state)])).toHaveLength(1);
    expect(await t.c.db.query('SELECT 1 FROM oauth_states WHERE state_hash = $1', [flow.state])).toHaveLength(0);

    const other = await start();
    expect(other.state).not.toBe(flow.state);
    expect(other.url.searchParams.get('nonce')).not.toBe(q.get('nonce'));
    expect(other.url.searchParams.get('code_challenge')).not.toBe(q.get('code_challenge'));
  });

  it('marks the cookie Secure when the app is served over https', async () => {
    const https = await createTestApp({ ...provider.env, PUBLIC_URL: 'https://funkeln.test' });
    try {
      const flow = await start(https);
      expect(sameCookie(flow.setCookie)).toBe(sameCookie(`${COOKIE}=${flow.state}; Path=/api/auth/oauth/google; HttpOnly; SameSite=Lax; Max-Age=600; Secure`));
    } finally {
      await https.close();
    }
  });
});

describe('sign-in', () => {
  it('creates a member for a new Google account and hands /login a code that gives a working session', async () => {
    const account = googleAccount({ name: 'Gerda Google' });
    const signedIn = await signIn({ ...account, email: ` ${account.email?.toUpperCase()} ` });
    expect(signedIn.error).toBeNull();
    expect(signedIn.token).toMatch(/^[\w-]{43,}$/);

    const token = await session(signedIn);
    expect(await me(token)).toMatchObject({ email: account.email, display_name: 'Gerda Google', email_verified: true, role: 'member', termsCurrent: true });
    const [row] = await userByEmail(account.email ?? '');
    // The AGB noted beside the Google button (issue 57) are the version recorded.
    expect(await t.c.db.query('SELECT version, source FROM terms_acceptances WHERE user_id = $1', [row!.id])).toEqual([{ version: TERMS_VERSION, source: 'google' }]);
    expect(row).toMatchObject({ google_sub: account.sub, password_hash: null });
    // Google confirmed the address: the welcome credits come as with our own link (issue 56), once.
    expect(await t.c.ledger.balance(t.c.db, row!.id)).toBe(30);
    await signIn(account);
    expect(await t.c.ledger.balance(t.c.db, row!.id)).toBe(30);
  });

  it('signs the same Google subject into the same account, even after the address changed at Google', async () => {
    const account = googleAccount();
    const first = await me(await session(await signIn(account)));
    const again = await me(await session(await signIn(account)));
    expect(again.id).toBe(first.id);

    const moved = await me(await session(await signIn({ ...account, email: uniqueEmail('moved'), name: 'Neuer Name' })));
    expect(moved).toMatchObject({ id: first.id, email: account.email, display_name: 'Gerda Google' });
  });

  it('answers a Google account without an e-mail address with google_email_missing', async () => {
    const account = googleAccount({ email: undefined });
    expect(await signIn(account)).toEqual({ token: null, error: 'google_email_missing' });
    expect(await t.c.db.query('SELECT 1 FROM users WHERE google_sub = $1', [account.sub])).toHaveLength(0);
  });

  it('keeps an unverified Google address unverified on a new account', async () => {
    const account = googleAccount({ email_verified: false, name: undefined });
    const profile = await me(await session(await signIn(account)));
    expect(profile).toMatchObject({ email: account.email, email_verified: false, display_name: 'Neues Mitglied' });
    expect(await t.c.ledger.balance(t.c.db, profile.id)).toBe(0);
  });
});

describe('linking to an existing account', () => {
  it('links only once the existing account has verified its address too', async () => {
    const existing = await register(t.app, uniqueEmail('linda'));
    const existingId = (await me(existing.token)).id;
    const account = googleAccount({ email: existing.email });

    expect(await signIn(account)).toEqual({ token: null, error: 'google_link_unverified' });
    expect(await userByEmail(existing.email)).toEqual([expect.objectContaining({ id: existingId, google_sub: null })]);

    await t.c.db.query('UPDATE users SET email_verified = true WHERE id = $1', [existingId]);
    const linked = await signIn(account);
    expect(linked.error).toBeNull();
    expect((await me(await session(linked))).id).toBe(existingId);
    expect(await userByEmail(existing.email)).toEqual([expect.objectContaining({ id: existingId, google_sub: account.sub })]);

    // The password still works, and the subject now finds the account directly.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: existing.email, password: existing.password } });
    expect(login.statusCode).toBe(200);
    expect((await me(await session(await signIn({ ...account, email: uniqueEmail('elsewhere') })))).id).toBe(existingId);
  });

  it('never links when Google has not verified the address, even to a verified account', async () => {
    const existing = await register(t.app, uniqueEmail('vera'));
    await t.c.db.query('UPDATE users SET email_verified = true WHERE email = $1', [existing.email]);
    const account = googleAccount({ email: existing.email, email_verified: false });

    expect(await signIn(account)).toEqual({ token: null, error: 'google_link_unverified' });
    expect(await userByEmail(existing.email)).toEqual([expect.objectContaining({ google_sub: null, email_verified: true })]);
    expect(await t.c.db.query('SELECT 1 FROM users WHERE google_sub = $1', [account.sub])).toHaveLength(0);
  });
});

describe('an account already linked to Google', () => {
  it('is never re-linked to another Google identity with the same address', async () => {
    const first = googleAccount();
    const firstId = (await me(await session(await signIn(first)))).id;
    const impostor = googleAccount({ email: first.email });
    expect(await signIn(impostor)).toEqual({ token: null, error: 'google_failed' });
    expect(await userByEmail(first.email ?? '')).toEqual([expect.objectContaining({ id: firstId, google_sub: first.sub })]);
    expect((await me(await session(await signIn(first)))).id).toBe(firstId);
  });
});

describe('state binding and single use', () => {
  it('fails without the state cookie and creates no session; the same browser can still finish', async () => {
    const account = googleAccount();
    const flow = await start();
    const redirected = await provider.authorize(flow.url.href, account);

    expect(await callback(redirected, undefined)).toEqual({ token: null, error: 'google_failed' });
    expect(await callback(redirected, `${COOKIE}=`)).toEqual({ token: null, error: 'google_failed' });
    expect(await userByEmail(account.email ?? '')).toHaveLength(0);

    const own = await callback(redirected, flow.cookie);
    expect((await me(await session(own))).email).toBe(account.email);
  });

  it('fails with the state cookie of another flow', async () => {
    const account = googleAccount();
    const victim = await start();
    const attacker = await start();
    const redirected = await provider.authorize(victim.url.href, account);

    expect(await callback(redirected, attacker.cookie)).toEqual({ token: null, error: 'google_failed' });
    expect(await userByEmail(account.email ?? '')).toHaveLength(0);
  });

  it('fails when the code and state of one flow arrive with the other flow’s matching state (PKCE binds the code)', async () => {
    const account = googleAccount();
    const first = await start();
    const second = await start();
    const redirected = new URL(await provider.authorize(first.url.href, account));
    redirected.searchParams.set('state', second.state);

    expect(await callback(redirected.href, second.cookie)).toEqual({ token: null, error: 'google_failed' });
    expect(await userByEmail(account.email ?? '')).toHaveLength(0);
  });

  it('accepts a callback only once', async () => {
    const account = googleAccount();
    const flow = await start();
    const redirected = await provider.authorize(flow.url.href, account);

    const first = await callback(redirected, flow.cookie);
    expect(first.error).toBeNull();
    expect(await t.c.db.query('SELECT 1 FROM oauth_states WHERE state_hash = $1', [sha256(flow.state)])).toHaveLength(0);

    expect(await callback(redirected, flow.cookie)).toEqual({ token: null, error: 'google_failed' });
  });

  it('turns an error answer from the provider (e.g. consent denied) into google_failed', async () => {
    const flow = await start();
    const denied = `${GOOGLE_CALLBACK_URL}?error=access_denied&state=${flow.state}`;
    expect(await callback(denied, flow.cookie)).toEqual({ token: null, error: 'google_failed' });
  });
});

describe('the login code in /login?token=', () => {
  it('is no session, is stored only hashed, and binds to this browser by an HttpOnly cookie for 60 s', async () => {
    const signedIn = await signIn(googleAccount());
    const code = signedIn.token ?? '';
    const binding = /^funkeln_login_binding=([^;]+);/.exec(signedIn.binding ?? '')?.[1] ?? '';
    expect(sameCookie(signedIn.binding)).toBe(sameCookie(`${BINDING}=${binding}; Path=${EXCHANGE}; HttpOnly; SameSite=Lax; Max-Age=60`));
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(code) })).statusCode).toBe(401);
    expect(await t.c.db.query('SELECT 1 FROM login_codes WHERE code_hash = $1 AND binding_hash = $2', [sha256(code), sha256(binding)])).toHaveLength(1);
    expect(await t.c.db.query('SELECT 1 FROM login_codes WHERE code_hash = $1 OR binding_hash = $2', [code, binding])).toHaveLength(0);

    const res = await exchange(code, signedIn.binding);
    expect(res.statusCode).toBe(200);
    expect(sameCookie(String(res.headers['set-cookie']))).toBe(sameCookie(`${BINDING}=; Path=${EXCHANGE}; HttpOnly; SameSite=Lax; Max-Age=0`));
    expect((await me(res.json<{ token: string }>().token)).email_verified).toBe(true);
  });

  it('works once only', async () => {
    const signedIn = await signIn(googleAccount());
    await session(signedIn);
    const again = await exchange(signedIn.token, signedIn.binding);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'invalid_login_code', message: INVALID_LOGIN_CODE });
  });

  it('is refused in another browser (no or another binding cookie) and is burnt by the attempt', async () => {
    const victim = await signIn(googleAccount());
    const attacker = await signIn(googleAccount());
    expect((await exchange(victim.token, undefined)).json()).toEqual({ error: 'invalid_login_code', message: INVALID_LOGIN_CODE });
    const other = await signIn(googleAccount());
    expect((await exchange(other.token, attacker.binding)).statusCode).toBe(400);
    expect((await exchange(victim.token, victim.binding)).statusCode).toBe(400);
    expect((await exchange(other.token, other.binding)).statusCode).toBe(400);
  });

  it('is refused with a malformed binding cookie (German 400, not a 500)', async () => {
    const signedIn = await signIn(googleAccount());
    const res = await exchange(signedIn.token, `${BINDING}=%E0%A4%A`);
    expect(res.json()).toEqual({ error: 'invalid_login_code', message: INVALID_LOGIN_CODE });
  });

  it('is refused after it expired, and then deleted', async () => {
    const signedIn = await signIn(googleAccount());
    await t.c.db.query("UPDATE login_codes SET expires_at = now() - interval '1 second' WHERE code_hash = $1", [sha256(signedIn.token ?? '')]);
    expect((await exchange(signedIn.token, signedIn.binding)).statusCode).toBe(400);
    expect(await t.c.db.query('SELECT 1 FROM login_codes WHERE code_hash = $1', [sha256(signedIn.token ?? '')])).toHaveLength(0);
  });

  it('cannot carry a session token: one pasted into /login?token= signs no one in', async () => {
    const member = await register(t.app);
    const signedIn = await signIn(googleAccount());
    const res = await exchange(member.token, signedIn.binding);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_login_code', message: INVALID_LOGIN_CODE });
  });
});

describe('id_token checks', () => {
  /** The claim openid-client refused, found along the error's cause chain. */
  function refusedClaim(err: unknown): unknown {
    for (let e = err; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
      if ('claim' in e) return e.claim;
    }
    return undefined;
  }

  const cases: Array<[string, string, (claims: Record<string, unknown>) => Record<string, unknown>]> = [
    ['an audience of another client', 'aud', (c) => ({ ...c, aud: 'someone-else' })],
    ['a nonce of another request', 'nonce', (c) => ({ ...c, nonce: 'not-the-nonce-we-sent' })],
    ['another issuer', 'iss', (c) => ({ ...c, iss: 'https://evil.example' })],
  ];
  for (const [label, claim, change] of cases) {
    it(`rejects an id_token with ${label}`, async () => {
      const finish = vi.spyOn(t.c.google, 'finish');
      try {
        const account = googleAccount();
        provider.tamperNextIdToken(change);
        expect(await signIn(account)).toEqual({ token: null, error: 'google_failed' });
        expect(await userByEmail(account.email ?? '')).toHaveLength(0);
        // Refused for exactly this claim, not for some other reason on the way.
        const [result] = finish.mock.settledResults;
        expect(result?.type).toBe('rejected');
        expect(refusedClaim(result?.value)).toBe(claim);
      } finally {
        finish.mockRestore();
      }
    });
  }

  it('accepts the untampered id_token from the same provider (control)', async () => {
    provider.tamperNextIdToken((c) => c);
    const account = googleAccount();
    expect((await me(await session(await signIn(account)))).email).toBe(account.email);
  });
});

describe('without a usable Google configuration', () => {
  it('offers no Google button and sends start back to /login with google_unavailable when unconfigured', async () => {
    const bare = await createTestApp();
    try {
      const providers = await bare.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(providers.json()).toEqual({ google: false, apple: false });

      const res = await bare.app.inject({ method: 'GET', url: START });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?error=google_unavailable');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(oauthErrorMessages.google_unavailable).toBe('Die Anmeldung mit Google ist derzeit nicht verfügbar.');
    } finally {
      await bare.close();
    }
  });

  it('sends start back to /login with google_unavailable when the issuer cannot be reached, and keeps trying', async () => {
    const unreachable = await createTestApp({ ...provider.env, GOOGLE_ISSUER: 'http://127.0.0.1:9/' });
    try {
      expect((await unreachable.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ google: true, apple: false });
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const res = await unreachable.app.inject({ method: 'GET', url: START });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('/login?error=google_unavailable');
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      expect(await unreachable.c.db.query('SELECT 1 FROM oauth_states')).toHaveLength(0);
    } finally {
      await unreachable.close();
    }
  });
});

describe('configured', () => {
  it('offers the Google button', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ google: true, apple: false });
  });
});
