import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const HEADER = 'x-request-id';
const SANE = /^[A-Za-z0-9._-]{1,64}$/;

/** A proxy's X-Request-Id when it is a short plain token (it goes into every log line), else a new UUID. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers[HEADER];
  return typeof given === 'string' && SANE.test(given) ? given : randomUUID();
}

/** Every answer names its request id, so a member's error report can be found in the logs. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(HEADER, request.id);
    done();
  });
}
