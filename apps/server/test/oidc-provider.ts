import { generateKeyPairSync, randomBytes, sign, type JsonWebKey } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- oidc-provider ships no type declarations; the small part used here is typed below.
import { Provider as UntypedProvider } from 'oidc-provider';
import { PUBLIC_URL } from './harness.js';

/** The member as Google would describe them; sub is Google's stable subject. */
export interface OidcAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export type IdTokenClaims = Record<string, unknown>;

interface Interaction {
  params: Record<string, unknown>;
  prompt: { name: string };
}
interface KoaContext {
  path: string;
  body: unknown;
}
interface ProviderInstance {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  use(fn: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: object): Promise<void>;
  Grant: new (props: { accountId: string; clientId: string }) => { addOIDCScope(scope: string): void; save(): Promise<string> };
}
const Provider = UntypedProvider as new (issuer: string, configuration: object) => ProviderInstance;

export const GOOGLE_CALLBACK_URL = `${PUBLIC_URL}/api/auth/oauth/google/callback`;
const LOGIN_HEADER = 'x-test-login-sub';

export type TestOidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 with one confidential client for Funkeln.
 * Logins and consent are answered headlessly by a tiny interaction handler; authorize() plays the browser.
 */
export async function startOidcProvider(opts: { clientId?: string; clientSecret?: string } = {}) {
  const clientId = opts.clientId ?? 'funkeln-test';
  const clientSecret = opts.clientSecret ?? randomBytes(24).toString('base64url');
  const accounts = new Map<string, OidcAccount>();
  let tamper: ((claims: IdTokenClaims) => IdTokenClaims) | undefined;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk: JsonWebKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };

  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [GOOGLE_CALLBACK_URL],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post', // what openid-client sends by default
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Grant: 600, Interaction: 600, Session: 600 },
    features: { devInteractions: { enabled: false } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false, // like Google: the scope's claims go into the id_token itself
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      return account && { accountId: sub, claims: async () => ({ ...account }) };
    },
  });

  // Lets a test play a broken or hostile provider: re-signs the next id_token with altered claims.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (ctx.path !== '/token' || !tamper || typeof body?.id_token !== 'string') return;
    const payload = JSON.parse(Buffer.from(body.id_token.split('.')[1] ?? '', 'base64url').toString()) as IdTokenClaims;
    body.id_token = signIdToken(tamper(payload));
    tamper = undefined;
  });

  function signIdToken(claims: IdTokenClaims): string {
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const input = `${encode({ alg: 'RS256', typ: 'JWT', kid: jwk.kid })}.${encode(claims)}`;
    return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
  }

  // The login and consent "pages": sign in as the account named by authorize() and grant what was asked.
  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const sub = req.headers[LOGIN_HEADER];
    if (typeof sub !== 'string' || !accounts.has(sub)) return void res.writeHead(400).end('unknown test account');
    const grant = new provider.Grant({ accountId: sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    await provider.interactionFinished(req, res, { login: { accountId: sub }, consent: { grantId: await grant.save() } });
  }

  const providerApp = provider.callback();
  handle = (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return providerApp(req, res);
    interaction(req, res).catch((err: unknown) => res.writeHead(500).end(String(err)));
  };

  return {
    issuer,
    clientId,
    clientSecret,
    /** Environment for createTestApp that points Funkeln at this provider. */
    env: { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret, GOOGLE_ISSUER: issuer },

    /** The next id_token the provider issues is re-signed (with its real key) after change() altered its claims. */
    tamperNextIdToken(change: (claims: IdTokenClaims) => IdTokenClaims) {
      tamper = change;
    },

    /**
     * Follows authorizationUrl like a fresh browser, signs in as account and consents; returns the
     * callback URL the provider redirected to (never requested), with code and state or an error.
     */
    async authorize(authorizationUrl: string, account: OidcAccount): Promise<string> {
      accounts.set(account.sub, account);
      const jar = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop += 1) {
        if (url.origin + url.pathname === GOOGLE_CALLBACK_URL) return url.href;
        if (url.origin !== issuer) throw new Error(`unexpected redirect to ${url.href}`);
        const res = await fetch(url, {
          redirect: 'manual',
          headers: {
            cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
            ...(url.pathname.startsWith('/interaction/') ? { [LOGIN_HEADER]: account.sub } : {}),
          },
        });
        for (const cookie of res.headers.getSetCookie()) {
          const [pair = ''] = cookie.split(';');
          const eq = pair.indexOf('=');
          if (eq > 0 && eq < pair.length - 1) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
          else jar.delete(pair.slice(0, eq)); // cleared cookie
        }
        const location = res.headers.get('location');
        if (res.status < 300 || res.status >= 400 || !location) {
          throw new Error(`provider answered ${res.status} at ${url.pathname}: ${(await res.text()).slice(0, 500)}`);
        }
        url = new URL(location, url);
      }
      throw new Error('too many redirects');
    },

    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
