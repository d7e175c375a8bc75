import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors.js';

const LOOPBACK_V4 = /^127(\.\d{1,3}){3}$/;

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x: the address of the TCP peer itself. */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  if (address === '::1') return true;
  return LOOPBACK_V4.test(address.startsWith('::ffff:') ? address.slice(7) : address);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** A reverse proxy on the same host connects from loopback too; what it forwards is not local. */
function forwarded(request: FastifyRequest): boolean {
  return request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined || request.headers['x-real-ip'] !== undefined;
}

/**
 * With a token: only `Authorization: Bearer <token>` (401 otherwise). Without one: only the
 * loopback peer, and only when no proxy forwarded the request; anyone else gets the 404 of a path
 * that does not exist. The socket's address is used, never X-Forwarded-For, which any client can write.
 */
export function metricsAccess(token: string | undefined): (request: FastifyRequest) => Promise<void> {
  const expected = token === undefined ? undefined : digest(token);
  return async (request) => {
    if (!expected) {
      if (!isLoopback(request.socket.remoteAddress) || forwarded(request)) throw new AppError('not_found');
      return;
    }
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      throw new AppError('unauthorized', { params: { of: 'metrics' }, headers: { 'www-authenticate': 'Bearer' } });
    }
  };
}
