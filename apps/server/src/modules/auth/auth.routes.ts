import { authEndpoints as endpoints } from '@funkeln/contracts/routes/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestBucket } from '../../platform/http/client-ip.js';
import { serve } from '../../platform/http/endpoints.js';
import type { AuthService } from './auth.service.js';
import type { GoogleSignIn } from './google/google.service.js';
import type { PasswordResetService } from './password-reset.service.js';
import type { VerificationService } from './verification.service.js';

export interface AuthRouteDeps {
  auth: AuthService;
  google: GoogleSignIn;
  verification: VerificationService;
  passwordReset: PasswordResetService;
}

/** The per-address limits of login, resend, reset request and token confirmation are declared on the endpoints. */
export function authRoutes(c: AuthRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.register, (req) => c.auth.register(req.body, requestBucket(req)));
    serve(app, endpoints.login, (req) => c.auth.login(req.body));
    serve(app, endpoints.logout, async (req) => {
      await c.auth.logout(req.auth);
      return { message: 'Du wurdest abgemeldet.' };
    });
    serve(app, endpoints.me, (req) => c.auth.me(req.auth));
    serve(app, endpoints.providers, () => ({ google: c.google.enabled, apple: false }));
    serve(app, endpoints.verifyStart, (req) => c.verification.start(req.auth.user));
    serve(app, endpoints.verifyResend, (req) => c.verification.resend(req.body.email));
    serve(app, endpoints.verifyConfirm, async (req) => ({ message: await c.verification.confirm(req.body.token) }));
    serve(app, endpoints.passwordRequest, async (req) => ({ message: await c.passwordReset.request(req.body.email) }));
    serve(app, endpoints.passwordConfirm, async (req) => ({ message: await c.passwordReset.confirm(req.body.token, req.body.newPassword) }));
  };
}
