import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

// Paths the server owns; a miss there is a 404, never the app shell (a missing asset would
// otherwise come back as HTML and fail with a MIME-type error).
const SERVER_PATHS = /^\/(api|ws|dev|healthz|readyz|share|assets)(\/|$|\?)/;

/**
 * Serves the built web app with history fallback: unknown GETs outside the API get index.html.
 * The web build writes a brotli (.br) and a gzip (.gz) copy beside every text asset; a browser that
 * accepts one gets it (no compression work per request), others get the plain file.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    const assetsDir = join(distDir, 'assets');
    const swPath = join(distDir, 'sw.js');
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false, // set below: hashed assets forever, everything else revalidated
      setHeaders(res, path) {
        res.setHeader('cache-control', path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'Accept-Encoding');
        // The worker controls the whole app from /; browsers re-check it on every visit (no-cache above).
        if (path.replace(/\.(br|gz)$/, '') === swPath) res.setHeader('service-worker-allowed', '/');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !SERVER_PATHS.test(request.url);
    if (hasBuild && wantsPage) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    throw new AppError('not_found');
  });
}
