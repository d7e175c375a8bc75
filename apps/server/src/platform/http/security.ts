import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';

/**
 * Browser features a page may use: sharing a profile link (Web Share, clipboard) and fullscreen;
 * everything else is off for the app and any frame. The camera is allowed for the app itself only
 * (the photo verification's selfie through getUserMedia); photo uploads go through a file input.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'ambient-light-sensor=()',
  'bluetooth=()',
  'browsing-topics=()',
  'camera=(self)',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'web-share=(self)',
  'xr-spatial-tracking=()',
].join(', ');

const HSTS = 'max-age=31536000; includeSubDomains';

/** The security headers of one answer; `https`: the request came over https. */
export type SecurityHeaders = (https: boolean) => Record<string, string>;

/**
 * Strict CSP without inline scripts (the token lives in localStorage, so XSS must be shut out),
 * no referrers (tokens travel in /verify, /reset and /login URLs), a Permissions-Policy, HSTS
 * only over https. Built once; the HTTP API and the socket.io transport both send them.
 */
export function securityHeaders(config: Pick<Config, 'publicUrl'>): SecurityHeaders {
  const headers = helmetHeaders({
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
  const plain = { ...headers, 'permissions-policy': PERMISSIONS_POLICY };
  const secure = { ...plain, 'strict-transport-security': HSTS };
  const httpsPublic = config.publicUrl.startsWith('https://');
  return (https) => (https || httpsPublic ? secure : plain);
}

/** The security headers on every HTTP answer; API answers are not cached. */
export function registerSecurityHeaders(app: FastifyInstance, headersFor: SecurityHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.protocol === 'https'));
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // API answers are never cached, unless a route chose its own policy (signed photo files).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/**
 * The headers helmet sets, worked out once: with no nonces they never depend on the request.
 * (@fastify/helmet rebuilt helmet's middleware chain, re-parsing the CSP, on every request.)
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}
