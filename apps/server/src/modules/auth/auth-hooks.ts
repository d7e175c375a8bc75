import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext, SessionService } from './sessions.service.js';
import { AppError } from '../../platform/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/** preHandler: a live session is required; the route reads it with authOf(request). */
export function requireAuth(sessions: SessionService) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = bearerToken(request);
    const auth = token ? await sessions.authenticate(token) : undefined;
    if (!auth) throw new AppError('unauthorized');
    request.auth = auth;
  };
}

/** preHandler to chain after requireAuth on admin routes. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (request.auth?.role !== 'admin') throw new AppError('forbidden');
}

export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthorized');
  return request.auth;
}
