import {
  emailBody,
  loginBody,
  mailRequestResponse,
  meResponse,
  oauthExchangeBody,
  passwordConfirmBody,
  providersResponse,
  registerBody,
  tokenResponse,
  verifyConfirmBody,
} from '../auth.js';
import { messageBody } from '../errors.js';
import { endpoint } from './define.js';
import { limits } from './limits.js';

const tag = 'auth';

/**
 * Registration, login and sessions, e-mail verification, password reset, Google sign-in. Registrations
 * per address (the number from config) and login failures per account (a back-off) are counted by
 * the service, so register and login keep 'rate_limited' among their own codes.
 */
export const authEndpoints = {
  register: endpoint({ method: 'POST', path: '/api/auth/register', auth: 'visitor', body: registerBody, response: tokenResponse, errors: ['rate_limited', 'weak_password', 'registration_failed'], tag }),
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    auth: 'visitor',
    body: loginBody,
    response: tokenResponse,
    errors: ['rate_limited', 'invalid_credentials', 'suspended', 'email_not_verified'],
    limits: [limits.loginIp],
    tag,
  }),
  logout: endpoint({ method: 'POST', path: '/api/auth/logout', auth: 'member', response: messageBody, errors: [], tag }),
  me: endpoint({ method: 'GET', path: '/api/me', auth: 'member', response: meResponse, errors: [], tag }),
  providers: endpoint({ method: 'GET', path: '/api/auth/providers', auth: 'visitor', response: providersResponse, errors: [], tag }),
  /** Signed in: mails a new verification link (the daily cap of confirmation mails answers rate_limited). */
  verifyStart: endpoint({ method: 'POST', path: '/api/auth/verify/start', auth: 'member', response: mailRequestResponse, errors: ['already_verified', 'rate_limited'], tag }),
  verifyResend: endpoint({ method: 'POST', path: '/api/auth/verify/resend', auth: 'visitor', body: emailBody, response: mailRequestResponse, errors: [], limits: [limits.verifyResendIp], tag }),
  verifyConfirm: endpoint({
    method: 'POST',
    path: '/api/auth/verify/confirm',
    auth: 'visitor',
    body: verifyConfirmBody,
    response: messageBody,
    errors: ['invalid_token'],
    limits: [limits.tokenConfirmIp],
    tag,
  }),
  passwordRequest: endpoint({ method: 'POST', path: '/api/auth/password/request', auth: 'visitor', body: emailBody, response: messageBody, errors: [], limits: [limits.resetRequestIp], tag }),
  passwordConfirm: endpoint({
    method: 'POST',
    path: '/api/auth/password/confirm',
    auth: 'visitor',
    body: passwordConfirmBody,
    response: messageBody,
    errors: ['invalid_token', 'weak_password'],
    limits: [limits.tokenConfirmIp],
    tag,
  }),
  /** A browser navigation: redirects to Google, or back to /login with an error. */
  googleStart: endpoint({ method: 'GET', path: '/api/auth/oauth/google/start', auth: 'visitor', errors: [], tag }),
  /** Where Google sends the browser back (redirect_uri): redirects to /login with a one-time code or an error. */
  googleCallback: endpoint({ method: 'GET', path: '/api/auth/oauth/google/callback', auth: 'visitor', errors: [], tag }),
  /** The login page redeems the one-time code (with the browser's binding cookie) for a session. */
  oauthExchange: endpoint({
    method: 'POST',
    path: '/api/auth/oauth/exchange',
    auth: 'visitor',
    body: oauthExchangeBody,
    response: tokenResponse,
    errors: ['invalid_login_code'],
    limits: [limits.oauthExchangeIp],
    tag,
  }),
} as const;
