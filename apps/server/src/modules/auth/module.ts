import type { Platform, AppModule } from '../../platform/module.js';
import type { SettingsService } from '../settings/index.js';
import type { OnAddressConfirmed } from './address-confirmed.js';
import { AuthService } from './auth.service.js';
import { authRoutes } from './auth.routes.js';
import { googleRoutes } from './google/google.routes.js';
import { GoogleSignIn } from './google/google.service.js';
import { LoginCodeService } from './login-codes.service.js';
import { MailRequestQueue } from './mail-requests.js';
import { MailTokenService } from './mail-tokens.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { SessionService } from './sessions.service.js';
import { VerificationService } from './verification.service.js';

export interface AuthModuleDeps extends Pick<Platform, 'config' | 'db' | 'events' | 'limiter' | 'log' | 'cacheable'> {
  settings: SettingsService;
  /** Runs in the transaction of a member's first confirmed address (link, reset link or Google): the welcome credits. */
  confirmed: OnAddressConfirmed;
}

export interface AuthServices {
  sessions: SessionService;
  auth: AuthService;
  verification: VerificationService;
  passwordReset: PasswordResetService;
  mailRequests: MailRequestQueue;
  loginCodes: LoginCodeService;
  google: GoogleSignIn;
}

/** Register, login, sessions, verification, password reset, Google; the mail request worker is its job. */
export function createAuthModule({ config, db, events, limiter, log, cacheable, settings, confirmed }: AuthModuleDeps): AppModule<AuthServices> {
  const sessions = new SessionService({ db, events, config, log, cacheable });
  const mailTokens = new MailTokenService(config, events);
  // The queue's worker calls back into the two services that enqueue on it: built first, wired by name.
  const mailRequests: MailRequestQueue = new MailRequestQueue({
    db,
    settings,
    mailTokens,
    handlers: {
      verify: (tx, email, cap) => verification.sendRequested(tx, email, cap),
      reset: (tx, email, cap) => passwordReset.sendRequested(tx, email, cap),
    },
    log,
  });
  const verification = new VerificationService({ db, settings, mailTokens, sessions, requests: mailRequests, limiter, confirmed });
  const passwordReset = new PasswordResetService({ db, mailTokens, sessions, limiter, requests: mailRequests, confirmed });
  const loginCodes = new LoginCodeService(db, sessions);
  const services: AuthServices = {
    sessions,
    auth: new AuthService({ db, config, settings, sessions, mailTokens, limiter }),
    verification,
    passwordReset,
    mailRequests,
    loginCodes,
    google: new GoogleSignIn({ db, config, sessions, loginCodes, confirmed }),
  };
  return {
    routes: async (app) => {
      await app.register(authRoutes(services));
      await app.register(googleRoutes({ ...services, config }));
    },
    services,
    jobs: [mailRequests, sessions.lastSeen],
  };
}
