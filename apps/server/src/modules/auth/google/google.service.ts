import { randomUUID } from 'node:crypto';
import { displayName, type OauthErrorCode } from '@funkeln/contracts/auth';
import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { pathOf } from '@funkeln/contracts/routes/define';
import { TERMS_VERSION } from '@funkeln/contracts/terms';
import * as oidc from 'openid-client';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { sha256 } from '../../../platform/crypto/crypto.js';
import type { OnAddressConfirmed } from '../address-confirmed.js';
import type { LoginCodeService } from '../login-codes.service.js';
import type { SessionService } from '../sessions.service.js';
import { findUserByEmail, findUserByGoogleSub, insertUser, linkGoogleSubject, type UserRow } from '../users.repo.js';
import { saveOauthState, takeOauthState } from './oauth-states.repo.js';

const CALLBACK_PATH = pathOf(authEndpoints.googleCallback.path, {});
const STATE_TTL_SECONDS = 600;

/** What GoogleSignIn is built from (named, so no call site depends on an argument order). */
export interface GoogleSignInDeps {
  db: Db;
  config: Pick<Config, 'google' | 'publicUrl' | 'nodeEnv'>;
  sessions: SessionService;
  loginCodes: LoginCodeService;
  confirmed: OnAddressConfirmed;
}

export class GoogleSignInError extends Error {
  constructor(readonly code: OauthErrorCode, cause?: unknown) {
    super(code, { cause });
  }
}

interface GoogleClaims {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

/** Authorization-code flow with PKCE, state and nonce; openid-client checks issuer, audience and nonce. */
export class GoogleSignIn {
  private discovered: Promise<oidc.Configuration> | undefined;

  private readonly db: Db;
  private readonly config: Pick<Config, 'google' | 'publicUrl' | 'nodeEnv'>;
  private readonly sessions: SessionService;
  private readonly loginCodes: LoginCodeService;
  private readonly confirmed: OnAddressConfirmed;

  constructor(deps: GoogleSignInDeps) {
    this.db = deps.db;
    this.config = deps.config;
    this.sessions = deps.sessions;
    this.loginCodes = deps.loginCodes;
    this.confirmed = deps.confirmed;
  }

  get enabled(): boolean {
    return this.config.google !== undefined;
  }

  /** Returns Google's authorization URL and the state to bind to this browser by cookie. */
  async start(): Promise<{ url: string; state: string }> {
    const client = await this.client();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await saveOauthState(this.db, { stateHash: sha256(state), codeVerifier, nonce, ttlSeconds: STATE_TTL_SECONDS });
    const url = oidc.buildAuthorizationUrl(client, {
      redirect_uri: this.config.publicUrl + CALLBACK_PATH,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state };
  }

  /** Finishes sign-in and returns a one-time login code with its browser binding; query is the callback's raw query string. */
  async finish(query: string, browserState: string | undefined): Promise<{ code: string; binding: string }> {
    const params = new URLSearchParams(query);
    const state = params.get('state');
    if (!state || !browserState || state !== browserState) throw new GoogleSignInError('google_failed');
    const saved = await takeOauthState(this.db, sha256(state));
    if (!saved) throw new GoogleSignInError('google_failed');
    const claims = await this.exchange(query, state, saved);
    const user = await this.findOrCreate(claims);
    return this.loginCodes.issue(this.db, user.id);
  }

  private async exchange(query: string, state: string, saved: { code_verifier: string; nonce: string }): Promise<GoogleClaims> {
    try {
      const client = await this.client();
      // The URL Google redirected to, rebuilt from PUBLIC_URL (never from the Host header).
      const currentUrl = new URL(`${this.config.publicUrl}${CALLBACK_PATH}?${query}`);
      const tokens = await oidc.authorizationCodeGrant(client, currentUrl, {
        pkceCodeVerifier: saved.code_verifier,
        expectedState: state,
        expectedNonce: saved.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no id_token');
      return {
        sub: claims.sub,
        email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : undefined,
      };
    } catch (err) {
      throw new GoogleSignInError('google_failed', err);
    }
  }

  private async findOrCreate(claims: GoogleClaims): Promise<UserRow> {
    const known = await findUserByGoogleSub(this.db, claims.sub);
    if (known) return known;
    if (!claims.email) throw new GoogleSignInError('google_email_missing');
    const existing = await findUserByEmail(this.db, claims.email);
    if (existing) {
      // Linking only when both sides proved the address; otherwise this would be an account takeover.
      if (!claims.emailVerified || !existing.email_verified) throw new GoogleSignInError('google_link_unverified');
      // An account already tied to another Google identity is never silently re-linked.
      if (existing.google_sub) throw new GoogleSignInError('google_failed');
      await this.db.transaction(async (tx) => {
        await linkGoogleSubject(tx, existing.id, claims.sub);
        this.sessions.memberChanged(tx, existing.id);
      });
      return existing;
    }
    const name = displayName.safeParse(claims.name ?? '');
    const email = claims.email;
    const created = await this.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        id: randomUUID(),
        email,
        passwordHash: null,
        displayName: name.success ? name.data : 'Neues Mitglied',
        emailVerified: claims.emailVerified,
        googleSub: claims.sub,
        // The login and register pages say beside the Google button that the AGB apply.
        terms: { version: TERMS_VERSION, source: 'google' },
      });
      // Google confirmed the address: the account starts as one confirmed by our link would.
      if (user?.email_verified) await this.confirmed(tx, user.id);
      return user;
    });
    if (!created) throw new GoogleSignInError('google_failed'); // lost a race for the same address
    return created;
  }

  private client(): Promise<oidc.Configuration> {
    const google = this.config.google;
    if (!google) return Promise.reject(new GoogleSignInError('google_unavailable'));
    const insecure = new URL(google.issuer).protocol === 'http:' && this.config.nodeEnv !== 'production';
    this.discovered ??= oidc
      .discovery(new URL(google.issuer), google.clientId, google.clientSecret, undefined, insecure ? { execute: [oidc.allowInsecureRequests] } : undefined)
      .catch((err: unknown) => {
        this.discovered = undefined; // try discovery again next time
        throw new GoogleSignInError('google_unavailable', err);
      });
    return this.discovered;
  }
}
