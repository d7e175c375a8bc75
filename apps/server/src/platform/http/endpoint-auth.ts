import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

type Session = NonNullable<FastifyRequest['auth']>;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/**
 * The one authentication hook (onRequest, so before the body is parsed or validated): enforces the
 * auth level the endpoint's contract declares. member: a live session (401); verified: and a
 * confirmed e-mail (403 email_not_verified); admin: and the admin role (403 forbidden). The session
 * is then `request.auth`; a visitor endpoint with `session: 'optional'` reads one when it is sent. Routes outside the contract table (the SPA's files) pass untouched.
 */
export function endpointAuth(authenticate: (token: string) => Promise<Session | undefined>) {
  return async (request: FastifyRequest): Promise<void> => {
    const spec = request.routeOptions.config.endpoint;
    if (!spec) return;
    const token = bearerToken(request);
    if (spec.auth === 'visitor') {
      if (spec.session === 'optional' && token) request.auth = (await authenticate(token)) ?? null;
      return;
    }
    const auth = token ? await authenticate(token) : undefined;
    if (!auth) throw new AppError('unauthorized');
    request.auth = auth;
    if (spec.auth === 'admin' && auth.role !== 'admin') throw new AppError('forbidden');
    if (spec.auth === 'verified' && !auth.user.email_verified) throw new AppError('email_not_verified', { params: spec.unverified });
  };
}
