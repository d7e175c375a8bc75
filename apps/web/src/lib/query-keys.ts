import type { PhotoCategory } from '@funkeln/contracts/leaderboard';

/**
 * Every TanStack Query key of the app, one factory per resource, imported as a namespace
 * (`import * as queryKeys from '…/lib/query-keys'`): queries, mutations and invalidations all ask
 * here, so one resource is cached under one key. Keys nest: invalidating `messages.all()`
 * also refreshes the inbox, the threads and the unread count below it.
 */
/** The session's keys: defined beside the session query, which the landing page runs. */
export { meKey as me, meKeyFor as meFor } from './current-user';

export const authProviders = () => ['auth-providers'] as const;
/** The operator's details and this instance's privacy facts (Impressum, Datenschutz). */
export const legal = () => ['legal'] as const;
export const ownProfile = () => ['own-profile'] as const;

/** Art. 9 DSGVO consent: read by the onboarding form and the settings page alike. */
export const consent = () => ['consent'] as const;
export const photoVerification = () => ['photo-verification'] as const;
export const memberSettings = () => ['member-settings'] as const;
/** The member's own reports and their outcome (Einstellungen › Meine Meldungen). */
export const myReports = () => ['my-reports'] as const;
/** Whom the member blocked (the settings list). */
export const blockedMembers = () => ['blocked-members'] as const;
export const places = (term: string) => ['places', term] as const;
export const publicProfile = (id: string) => ['public-profile', id] as const;
export const contestEntries = () => ['photo-categories'] as const;
/** The member's own photos (up to 6) in order. */
export const gallery = () => ['gallery'] as const;

/** One round of the suggestion stack: 'Neu laden' starts a new round at the first page. */
export const feed = (radius: string, round: number, verifiedOnly = false) => ['feed', radius, round, verifiedOnly] as const;
export const matches = () => ['matches'] as const;
export const receivedFlirts = () => ['received-flirts'] as const;
/** The counts of new matches and flirts (the badges on Matches and Flirts). */
export const newCounts = () => ['new-counts'] as const;
export const wallet = () => ['wallet'] as const;
export const messages = {
  all: () => ['messages'] as const,
  inbox: () => ['messages', 'inbox'] as const,
  unread: () => ['messages', 'unread'] as const,
  conversations: () => ['messages', 'conversations'] as const,
  conversation: (memberId: string) => ['messages', 'conversation', memberId] as const,
  compose: (memberId: string) => ['messages', 'compose', memberId] as const,
};

export const leaderboard = {
  all: () => ['leaderboard'] as const,
  board: (category: PhotoCategory, month: string) => ['leaderboard', category, month] as const,
};

export const nextVote = (category: PhotoCategory, skipped: readonly string[]) => ['vote-next', category, skipped.join(',')] as const;
export const companion = {
  info: () => ['companion', 'info'] as const,
  conversations: () => ['companion', 'conversations'] as const,
  history: (id: string) => ['companion', 'history', id] as const,
  memories: () => ['companion', 'memories'] as const,
};

/** The member's shared date plans ("Date teilen"). */
export const dateShares = {
  list: () => ['date-shares'] as const,
};

export const admin = {
  settings: () => ['admin', 'settings'] as const,
  pending: () => ['admin', 'pending'] as const,
  reports: () => ['admin', 'reports'] as const,
  audit: () => ['admin', 'audit'] as const,
  verifications: () => ['admin', 'verifications'] as const,
  objections: () => ['admin', 'objections'] as const,
  patternFlags: () => ['admin', 'pattern-flags'] as const,
  duplicates: () => ['admin', 'duplicates'] as const,
};

/** Statements of reasons: the member's own list, and the one behind a mailed link. */
export const decisions = {
  mine: () => ['decisions', 'mine'] as const,
  byLink: (token: string) => ['decisions', 'link', token] as const,
};

