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
import { errorBody, messageBody } from '@funkeln/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../../container.js';
import { authOf, requireAuth } from './auth-hooks.js';
import { clientBucket } from '../../platform/client-ip.js';
import { enforceLimit } from '../../platform/rate-limit.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };

export function accountsRoutes(c: Container): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = requireAuth(c.sessions);
    const confirmLimit = (ip: string) => enforceLimit(c.limiter, `token-confirm:ip:${clientBucket(ip)}`, 30, 3600_000);

    app.post('/auth/register', { schema: { tags: ['auth'], body: registerBody, response: { 200: tokenResponse, ...errors } } }, (req) =>
      c.accounts.register(req.body, clientBucket(req.ip)),
    );

    app.post('/auth/login', { schema: { tags: ['auth'], body: loginBody, response: { 200: tokenResponse, ...errors } } }, (req) =>
      c.accounts.login(req.body, clientBucket(req.ip)),
    );

    app.post('/auth/logout', { preHandler: signedIn, schema: { tags: ['auth'], response: { 200: messageBody, ...errors } } }, async (req) => {
      await c.accounts.logout(authOf(req));
      return { message: 'Du wurdest abgemeldet.' };
    });

    app.get('/me', { preHandler: signedIn, schema: { tags: ['auth'], response: { 200: meResponse, ...errors } } }, (req) =>
      c.accounts.me(authOf(req)),
    );

    app.get('/auth/providers', { schema: { tags: ['auth'], response: { 200: providersResponse } } }, async () => ({
      google: c.google.enabled,
      apple: false,
    }));

    app.post('/auth/verify/start', { preHandler: signedIn, schema: { tags: ['auth'], response: { 200: messageBody, ...errors } } }, async (req) => ({
      message: await c.verification.start(authOf(req).user),
    }));

    app.post('/auth/verify/resend', { schema: { tags: ['auth'], body: emailBody, response: { 200: messageBody, ...errors } } }, async (req) => ({
      message: await c.verification.resend(req.body.email, clientBucket(req.ip)),
    }));

    app.post('/auth/verify/confirm', { schema: { tags: ['auth'], body: verifyConfirmBody, response: { 200: messageBody, ...errors } } }, async (req) => {
      await confirmLimit(req.ip);
      return { message: await c.verification.confirm(req.body.token) };
    });

    app.post('/auth/password/request', { schema: { tags: ['auth'], body: emailBody, response: { 200: messageBody, ...errors } } }, async (req) => ({
      message: await c.passwordReset.request(req.body.email, clientBucket(req.ip)),
    }));

    app.post('/auth/password/confirm', { schema: { tags: ['auth'], body: passwordConfirmBody, response: { 200: messageBody, ...errors } } }, async (req) => {
      await confirmLimit(req.ip);
      return { message: await c.passwordReset.confirm(req.body.token, req.body.newPassword) };
    });
  };
}
