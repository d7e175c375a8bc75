import fastifyCookie, { type CookieSerializeOptions } from '@fastify/cookie';
import { authEndpoints as endpoints } from '@funkeln/contracts/routes/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config.js';
import { serve } from '../../../platform/http/endpoints.js';
import { LOGIN_CODE_TTL_SECONDS, type LoginCodeService } from '../login-codes.service.js';
import { GoogleSignInError, type GoogleSignIn } from './google.service.js';

const COOKIE = 'funkeln_oauth_state';
/** The folder of start and callback: the state cookie goes to both and nowhere else. */
const COOKIE_PATH = endpoints.googleCallback.path.slice(0, endpoints.googleCallback.path.lastIndexOf('/'));
const BINDING_COOKIE = 'funkeln_login_binding';
const BINDING_PATH = endpoints.oauthExchange.path;

/** Start and callback are browser navigations answered with redirects; the exchange is the login page's JSON call. */
export interface GoogleRouteDeps {
  config: Pick<Config, 'publicUrl'>;
  google: GoogleSignIn;
  loginCodes: LoginCodeService;
}

export function googleRoutes(c: GoogleRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Parses Cookie and writes Set-Cookie for these routes only (registered inside this plugin).
    await app.register(fastifyCookie);
    const secure = c.config.publicUrl.startsWith('https://');
    const cookie = (path: string, maxAge: number): CookieSerializeOptions => ({ path, httpOnly: true, sameSite: 'lax', maxAge, secure });
    const toLogin = (query: string) => `/login?${query}`;

    serve(app, endpoints.googleStart, async (req, reply) => {
      if (!c.google.enabled) return reply.redirect(toLogin('error=google_unavailable'));
      try {
        const { url, state } = await c.google.start();
        // Binds the flow to this browser: the callback must bring the same state in its cookie.
        reply.setCookie(COOKIE, state, cookie(COOKIE_PATH, 600));
        return reply.redirect(url);
      } catch (err) {
        req.log.warn({ err }, 'google sign-in start failed');
        return reply.redirect(toLogin('error=google_unavailable'));
      }
    });

    serve(app, endpoints.googleCallback, async (req, reply) => {
      reply.setCookie(COOKIE, '', cookie(COOKIE_PATH, 0));
      const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
      try {
        const { code, binding } = await c.google.finish(query, req.cookies[COOKIE]);
        // The code in the URL is redeemable only with this cookie, which only this browser holds.
        reply.setCookie(BINDING_COOKIE, binding, cookie(BINDING_PATH, LOGIN_CODE_TTL_SECONDS));
        return reply.redirect(toLogin(`token=${encodeURIComponent(code)}`));
      } catch (err) {
        const code = err instanceof GoogleSignInError ? err.code : 'google_failed';
        req.log.warn({ err, code }, 'google sign-in failed');
        return reply.redirect(toLogin(`error=${code}`));
      }
    });

    serve(app, endpoints.oauthExchange, async (req, reply) => {
      reply.setCookie(BINDING_COOKIE, '', cookie(BINDING_PATH, 0));
      return { token: await c.loginCodes.exchange(req.body.code, req.cookies[BINDING_COOKIE]) };
    });
  };
}
