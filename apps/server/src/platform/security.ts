import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/**
 * Strict CSP without inline scripts (the token lives in localStorage, so XSS must be shut out),
 * no referrers (tokens travel in /verify, /reset and /login URLs), no caching of API answers,
 * HSTS only when the request really came over https.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'publicUrl'>): void {
  // helmet's middleware, built once: @fastify/helmet rebuilt it (and re-parsed the CSP) per request.
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => headers(request.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined)));
  const httpsPublic = config.publicUrl.startsWith('https://');
  app.addHook('onSend', async (request, reply, payload) => {
    // API answers are never cached, unless a route chose its own policy (signed photo files).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (request.protocol === 'https' || httpsPublic) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
