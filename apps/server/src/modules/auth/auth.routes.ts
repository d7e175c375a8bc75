import {
  emailBody,
  loginBody,
  meResponse,
  passwordConfirmBody,
  providersResponse,
  registerBody,
  tokenResponse,
  verifyConfirmBody,
} from '@funkeln/contracts/auth';
import { errorResponses, messageBody } from '@funkeln/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth } from './auth-hooks.js';
import { clientBucket } from '../../platform/client-ip.js';
import { enforceLimit, type RateLimiter } from '../../platform/rate-limit.js';
import type { AuthService } from './auth.service.js';
import type { GoogleSignIn } from './google/google.service.js';
import type { PasswordResetService } from './password-reset.service.js';
import type { SessionService } from './sessions.service.js';
import type { VerificationService } from './verification.service.js';

export interface AuthRouteDeps {
  sessions: SessionService;
  limiter: RateLimiter;
  auth: AuthService;
  google: GoogleSignIn;
  verification: VerificationService;
  passwordReset: PasswordResetService;
}

export function authRoutes(c: AuthRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = requireAuth(c.sessions);
    const confirmLimit = (ip: string) => enforceLimit(c.limiter, `token-confirm:ip:${clientBucket(ip)}`, 30, 3600_000);

    app.post('/auth/register', { schema: { tags: ['auth'], body: registerBody, response: { 200: tokenResponse, ...errorResponses('rate_limited', 'weak_password', 'registration_failed') } } }, (req) =>
      c.auth.register(req.body, clientBucket(req.ip)),
    );

    app.post('/auth/login', { schema: { tags: ['auth'], body: loginBody, response: { 200: tokenResponse, ...errorResponses('rate_limited', 'invalid_credentials', 'suspended', 'email_not_verified') } } }, (req) =>
      c.auth.login(req.body, clientBucket(req.ip)),
    );

    app.post('/auth/logout', { preHandler: signedIn, schema: { tags: ['auth'], response: { 200: messageBody, ...errorResponses('unauthorized') } } }, async (req) => {
      await c.auth.logout(authOf(req));
      return { message: 'Du wurdest abgemeldet.' };
    });

    app.get('/me', { preHandler: signedIn, schema: { tags: ['auth'], response: { 200: meResponse, ...errorResponses('unauthorized') } } }, (req) =>
      c.auth.me(authOf(req)),
    );

    app.get('/auth/providers', { schema: { tags: ['auth'], response: { 200: providersResponse } } }, async () => ({
      google: c.google.enabled,
      apple: false,
    }));

    app.post('/auth/verify/start', { preHandler: signedIn, schema: { tags: ['auth'], response: { 200: messageBody, ...errorResponses('unauthorized', 'already_verified', 'rate_limited') } } }, async (req) => ({
      message: await c.verification.start(authOf(req).user),
    }));

    app.post('/auth/verify/resend', { schema: { tags: ['auth'], body: emailBody, response: { 200: messageBody, ...errorResponses('rate_limited') } } }, async (req) => ({
      message: await c.verification.resend(req.body.email, clientBucket(req.ip)),
    }));

    app.post('/auth/verify/confirm', { schema: { tags: ['auth'], body: verifyConfirmBody, response: { 200: messageBody, ...errorResponses('rate_limited', 'invalid_token') } } }, async (req) => {
      await confirmLimit(req.ip);
      return { message: await c.verification.confirm(req.body.token) };
    });

    app.post('/auth/password/request', { schema: { tags: ['auth'], body: emailBody, response: { 200: messageBody, ...errorResponses('rate_limited') } } }, async (req) => ({
      message: await c.passwordReset.request(req.body.email, clientBucket(req.ip)),
    }));

    app.post('/auth/password/confirm', { schema: { tags: ['auth'], body: passwordConfirmBody, response: { 200: messageBody, ...errorResponses('rate_limited', 'invalid_token', 'weak_password') } } }, async (req) => {
      await confirmLimit(req.ip);
      return { message: await c.passwordReset.confirm(req.body.token, req.body.newPassword) };
    });
  };
}
