import type { LimitName } from '../errors.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A fixed-window rate limit: at most `max` requests per `windowMs`, counted per member (the
 * session's member) or per client address (IPv6 by its /64). `key` prefixes the counter's key;
 * `message` picks the German sentence of the 429 (errors' …Limits maps), else the general one.
 */
export interface RateLimitPolicy {
  readonly key: string;
  readonly per: 'member' | 'ip';
  readonly max: number;
  readonly windowMs: number;
  readonly message?: LimitName;
}

const policy = <const P extends RateLimitPolicy>(p: P): P => p;

/**
 * Every fixed-window limit in one table. Endpoints declare the ones that guard the whole request
 * (`limits` in their spec, counted by the server's hook); a limit that applies only to part of a
 * request's work (e.g. a change of place inside a profile save) is counted by its service from the
 * same entry. Login failures per account (a back-off, not a window) and the daily confirmation
 * mails (counted in the database) are the services' own.
 */
export const limits = {
  feed: policy({ key: 'feed:user', per: 'member', max: 120, windowMs: MINUTE }),
  swipe: policy({ key: 'swipe:user', per: 'member', max: 600, windowMs: HOUR, message: 'swipe' }),
  report: policy({ key: 'report:user', per: 'member', max: 10, windowMs: HOUR, message: 'report' }),
  // Notices (DSA Art. 16) from anyone: per network, and per network and reported thing (counted by the service).
  noticeIp: policy({ key: 'notice:ip', per: 'ip', max: 10, windowMs: HOUR, message: 'notice' }),
  noticeTarget: policy({ key: 'notice-target:ip', per: 'ip', max: 3, windowMs: DAY, message: 'notice_target' }),
  voteMinute: policy({ key: 'vote:min', per: 'member', max: 30, windowMs: MINUTE, message: 'vote_minute' }),
  voteDay: policy({ key: 'vote:day', per: 'member', max: 500, windowMs: DAY, message: 'vote_day' }),
  placeChange: policy({ key: 'place-change:user', per: 'member', max: 3, windowMs: DAY, message: 'place_change' }),
  message: policy({ key: 'message:user', per: 'member', max: 30, windowMs: MINUTE, message: 'message' }),
  push: policy({ key: 'push:user', per: 'member', max: 30, windowMs: HOUR, message: 'push' }),
  export: policy({ key: 'export:user', per: 'member', max: 5, windowMs: HOUR, message: 'export' }),
  passwordChange: policy({ key: 'password-change:user', per: 'member', max: 10, windowMs: HOUR, message: 'password_change' }),
  companion: policy({ key: 'companion:user', per: 'member', max: 20, windowMs: MINUTE, message: 'companion' }),
  memory: policy({ key: 'memory:user', per: 'member', max: 60, windowMs: HOUR, message: 'memory' }),
  upload: policy({ key: 'upload:user', per: 'member', max: 20, windowMs: HOUR, message: 'upload' }),
  // Each start analyses the member's photos in the background (up to 6 model runs): a few more than the 5 checks a day.
  verificationStart: policy({ key: 'verification-start:user', per: 'member', max: 15, windowMs: DAY, message: 'verification_start' }),
  dateShare: policy({ key: 'date-share:user', per: 'member', max: 10, windowMs: HOUR, message: 'date_share' }),
  // The friend's page and its photo: the token is 256 random bits, so this only caps the work of guesses.
  dateSharePageIp: policy({ key: 'date-page:ip', per: 'ip', max: 120, windowMs: HOUR }),
  loginIp: policy({ key: 'login:ip', per: 'ip', max: 100, windowMs: 15 * MINUTE, message: 'login_ip' }),
  verifyResendIp: policy({ key: 'verify-resend:ip', per: 'ip', max: 20, windowMs: HOUR }),
  resetRequestIp: policy({ key: 'reset-request:ip', per: 'ip', max: 20, windowMs: HOUR }),
  tokenConfirmIp: policy({ key: 'token-confirm:ip', per: 'ip', max: 30, windowMs: HOUR }),
  // A Google sign-in redeems one code; the codes are single-use 256-bit values, so this only caps the database work of guesses.
  oauthExchangeIp: policy({ key: 'oauth-exchange:ip', per: 'ip', max: 30, windowMs: 15 * MINUTE }),
  unsubscribeIp: policy({ key: 'unsubscribe:ip', per: 'ip', max: 60, windowMs: HOUR }),
  // The statement behind a mailed link and the objection to it: a 256-bit token, so this only caps guessing and database work.
  objectionIp: policy({ key: 'objection:ip', per: 'ip', max: 30, windowMs: HOUR, message: 'objection' }),
  objectionMember: policy({ key: 'objection:user', per: 'member', max: 20, windowMs: HOUR, message: 'objection' }),
} as const;

/**
 * Progressive delay: the first `free` attempts pass at once; after the n-th (n >= free) the next
 * one must wait baseMs * 2^(n - free), at most maxDelayMs. The count is forgotten forgetMs after
 * the last attempt that passed (or on reset).
 */
export interface Backoff {
  readonly free: number;
  readonly baseMs: number;
  readonly maxDelayMs: number;
  readonly forgetMs: number;
}

/** The back-offs services keep themselves (counted with the limiter's `admit`, reset on success). */
export const backoffs = {
  /** Failed logins per account (e-mail address), whichever address they come from; reset by a successful login. */
  loginFailures: { free: 5, baseMs: 1000, maxDelayMs: 15 * MINUTE, forgetMs: DAY },
} as const satisfies Record<string, Backoff>;
