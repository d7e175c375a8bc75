import type { PhotoCategory } from '@funkeln/contracts/rankings';

/**
 * Every TanStack Query key of the app, one factory per resource: queries, mutations and
 * invalidations all ask here, so one resource is cached under one key. Keys nest: invalidating
 * `messages.all` also refreshes the inbox, the threads and the unread count below it.
 */
export const queryKeys = {
  me: () => ['me'] as const,
  /** The session's member for one token (a new token is a new member). */
  meFor: (token: string | null) => ['me', token] as const,
  authProviders: () => ['auth-providers'] as const,
  ownProfile: () => ['own-profile'] as const,
  /** Art. 9 DSGVO consent: read by the onboarding form and the settings page alike. */
  consent: () => ['consent'] as const,
  memberSettings: () => ['member-settings'] as const,
  places: (term: string) => ['places', term] as const,
  publicProfile: (id: string) => ['public-profile', id] as const,
  contestEntries: () => ['photo-categories'] as const,
  /** One round of the suggestion stack: 'Neu laden' starts a new round at the first page. */
  feed: (radius: string, round: number) => ['feed', radius, round] as const,
  matches: () => ['matches'] as const,
  receivedFlirts: () => ['received-flirts'] as const,
  wallet: () => ['wallet'] as const,
  messages: {
    all: () => ['messages'] as const,
    inbox: () => ['messages', 'inbox'] as const,
    unread: () => ['messages', 'unread'] as const,
    conversations: () => ['messages', 'conversations'] as const,
    conversation: (memberId: string) => ['messages', 'conversation', memberId] as const,
    compose: (memberId: string) => ['messages', 'compose', memberId] as const,
  },
  leaderboard: {
    all: () => ['leaderboard'] as const,
    board: (category: PhotoCategory, month: string) => ['leaderboard', category, month] as const,
  },
  nextVote: (category: PhotoCategory, skipped: readonly string[]) => ['vote-next', category, skipped.join(',')] as const,
  companion: {
    info: () => ['companion', 'info'] as const,
    conversations: () => ['companion', 'conversations'] as const,
    history: (id: string) => ['companion', 'history', id] as const,
    memories: () => ['companion', 'memories'] as const,
  },
  admin: {
    settings: () => ['admin', 'settings'] as const,
    pending: () => ['admin', 'pending'] as const,
    reports: () => ['admin', 'reports'] as const,
    audit: () => ['admin', 'audit'] as const,
  },
};
