import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../../../container.js';
import { GoogleSignInError } from './google.service.js';

const COOKIE = 'funkeln_oauth_state';
const COOKIE_PATH = '/api/auth/oauth/google';

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Browser navigations: both answer with redirects, never JSON. */
export function googleRoutes(c: Container): FastifyPluginAsyncZod {
  return async (app) => {
    const secure = c.config.publicUrl.startsWith('https://') ? '; Secure' : '';
    const toLogin = (query: string) => `/login?${query}`;

    app.get('/auth/oauth/google/start', { schema: { tags: ['auth'], hide: false } }, async (req, reply) => {
      if (!c.google.enabled) return reply.redirect(toLogin('error=google_unavailable'));
      try {
        const { url, state } = await c.google.start();
        // Binds the flow to this browser: the callback must bring the same state in its cookie.
        reply.header('set-cookie', `${COOKIE}=${state}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=600${secure}`);
        return reply.redirect(url);
      } catch (err) {
        req.log.warn({ err }, 'google sign-in start failed');
        return reply.redirect(toLogin('error=google_unavailable'));
      }
    });

    app.get('/auth/oauth/google/callback', { schema: { tags: ['auth'] } }, async (req, reply) => {
      reply.header('set-cookie', `${COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=0${secure}`);
      const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
      try {
        const token = await c.google.finish(query, readCookie(req.headers.cookie, COOKIE));
        return reply.redirect(toLogin(`token=${encodeURIComponent(token)}`));
      } catch (err) {
        const code = err instanceof GoogleSignInError ? err.code : 'google_failed';
        req.log.warn({ err, code }, 'google sign-in failed');
        return reply.redirect(toLogin(`error=${code}`));
      }
    });
  };
}
