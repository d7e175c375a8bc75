import { z } from 'zod';
import { accountErrors, accountLimits } from './errors/account.js';
import { adminErrors, adminNotFound } from './errors/admin.js';
import { authErrors, authLimits } from './errors/auth.js';
import { blocksErrors } from './errors/blocks.js';
import { companionErrors, companionLimits, companionNotFound } from './errors/companion.js';
import { dateSharesErrors, dateSharesLimits, dateSharesNotFound } from './errors/date-shares.js';
import { decisionsErrors, decisionsLimits, decisionsNotFound } from './errors/decisions.js';
import { defineErrors } from './errors/define.js';
import { feedErrors } from './errors/feed.js';
import { httpErrors } from './errors/http.js';
import { leaderboardErrors, leaderboardLimits, leaderboardNotFound } from './errors/leaderboard.js';
import { messagesErrors, messagesLimits, messagesNotFound } from './errors/messages.js';
import { photosErrors, photosLimits, photosNotFound } from './errors/photos.js';
import { privacyErrors, privacyLimits } from './errors/privacy.js';
import { profilesErrors, profilesLimits, profilesNotFound } from './errors/profiles.js';
import { pushErrors, pushLimits } from './errors/push.js';
import { safetyErrors, safetyLimits, safetyNotFound } from './errors/safety.js';
import { swipesErrors, swipesLimits, swipesNotFound } from './errors/swipes.js';
import { verificationErrors, verificationLimits, verificationNotFound } from './errors/verification.js';
import { walletErrors } from './errors/wallet.js';

export type { NotEligibleReason } from './errors/wallet.js';

/**
 * The error catalogue: every code the API answers, with its HTTP status and German message.
 * One table per domain (./errors/<domain>.ts); a new error is one line there. `not_found` and
 * `rate_limited` are shared by all domains: their messages are the domains' `…NotFound` and
 * `…Limits` maps, chosen by a parameter.
 */
const notFoundMessages = {
  ...adminNotFound,
  ...companionNotFound,
  ...dateSharesNotFound,
  ...decisionsNotFound,
  ...leaderboardNotFound,
  ...messagesNotFound,
  ...photosNotFound,
  ...profilesNotFound,
  ...safetyNotFound,
  ...swipesNotFound,
  ...verificationNotFound,
} as const;
const limitMessages = {
  ...accountLimits,
  ...authLimits,
  ...companionLimits,
  ...dateSharesLimits,
  ...decisionsLimits,
  ...leaderboardLimits,
  ...messagesLimits,
  ...photosLimits,
  ...privacyLimits,
  ...profilesLimits,
  ...pushLimits,
  ...safetyLimits,
  ...swipesLimits,
  ...verificationLimits,
} as const;
export type NotFoundSubject = keyof typeof notFoundMessages;
export type LimitName = keyof typeof limitMessages;

const sharedErrors = defineErrors({
  not_found: { status: 404, message: ({ of }: { of?: NotFoundSubject }) => (of ? notFoundMessages[of] : 'Nicht gefunden.') },
  rate_limited: {
    status: 429,
    message: ({ limit }: { limit?: LimitName }) => (limit ? limitMessages[limit] : 'Zu viele Anfragen. Bitte versuche es später erneut.'),
  },
});

/** Each table once, for the catalogue's unit test (a code in two tables would silently shadow one). */
export const errorTables = {
  http: httpErrors,
  shared: sharedErrors,
  account: accountErrors,
  admin: adminErrors,
  auth: authErrors,
  blocks: blocksErrors,
  companion: companionErrors,
  dateShares: dateSharesErrors,
  decisions: decisionsErrors,
  feed: feedErrors,
  leaderboard: leaderboardErrors,
  messages: messagesErrors,
  photos: photosErrors,
  privacy: privacyErrors,
  profiles: profilesErrors,
  push: pushErrors,
  safety: safetyErrors,
  swipes: swipesErrors,
  verification: verificationErrors,
  wallet: walletErrors,
} as const;
/** The parameter maps behind `not_found` and `rate_limited`, for the same test. */
export const messageMaps = {
  notFound: [adminNotFound, companionNotFound, dateSharesNotFound, decisionsNotFound, leaderboardNotFound, messagesNotFound, photosNotFound, profilesNotFound, safetyNotFound, swipesNotFound, verificationNotFound],
  limits: [
    accountLimits,
    authLimits,
    companionLimits,
    dateSharesLimits,
    decisionsLimits,
    leaderboardLimits,
    messagesLimits,
    photosLimits,
    privacyLimits,
    profilesLimits,
    pushLimits,
    safetyLimits,
    swipesLimits,
    verificationLimits,
  ],
} as const;

export const errorCatalogue = {
  ...httpErrors,
  ...sharedErrors,
  ...accountErrors,
  ...adminErrors,
  ...authErrors,
  ...blocksErrors,
  ...companionErrors,
  ...dateSharesErrors,
  ...decisionsErrors,
  ...feedErrors,
  ...leaderboardErrors,
  ...messagesErrors,
  ...photosErrors,
  ...privacyErrors,
  ...profilesErrors,
  ...pushErrors,
  ...safetyErrors,
  ...swipesErrors,
  ...verificationErrors,
  ...walletErrors,
};
type Catalogue = typeof errorCatalogue;

export type ErrorCode = keyof Catalogue;
export const errorCodes = Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]];

/** The values a code's message is built from (`never` for a fixed message). */
export type ErrorParams<C extends ErrorCode> = Catalogue[C]['message'] extends (params: infer P) => string ? P : never;
/** The parameters argument: required when the message needs values, optional when they only pick a variant, absent otherwise. */
export type ErrorParamsArg<C extends ErrorCode> = [ErrorParams<C>] extends [never]
  ? []
  : Record<string, never> extends ErrorParams<C>
    ? [params?: ErrorParams<C>]
    : [params: ErrorParams<C>];

export const errorStatus = (code: ErrorCode): number => errorCatalogue[code].status;

export function errorMessage<C extends ErrorCode>(code: C, ...[params]: ErrorParamsArg<C>): string {
  const { message } = errorCatalogue[code] as { message: string | ((p: unknown) => string) };
  return typeof message === 'string' ? message : message(params ?? {});
}

/** Every 4xx/5xx body: a code of the catalogue plus a German sentence for the member. */
export const errorBody = z.object({
  error: z.enum(errorCodes),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageBody>;

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 414 | 415 | 429 | 500 | 503;

/**
 * A route's declared error codes as its 4xx/5xx response schemas: each status answers an errorBody
 * (any catalogue code, so an undeclared one is never turned into a 500), and carries its codes as
 * `x-error-codes` for the OpenAPI document. Spread into `response` next to the 200.
 */
export function errorResponses(...codes: ErrorCode[]): Partial<Record<ErrorStatus, typeof errorBody>> {
  const byStatus = new Map<ErrorStatus, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = errorStatus(code) as ErrorStatus;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries([...byStatus].map(([status, list]) => [status, errorBody.meta({ 'x-error-codes': list })]));
}
