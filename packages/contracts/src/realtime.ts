import { z } from 'zod';
import type { LeaderboardEvent } from './leaderboard.js';
import type { MessageEvent, ReadEvent, TypingEvent, TypingRequest, UnreadEvent } from './messages.js';
import type { MatchEvent, NewCounts } from './swipes.js';

export const presenceEvent = z.object({ online: z.number().int().min(0) });
export type PresenceEvent = z.infer<typeof presenceEvent>;

/** Server -> client socket events. */
export interface ServerToClientEvents {
  presence: (event: PresenceEvent) => void;
  match: (event: MatchEvent) => void;
  message: (event: MessageEvent) => void;
  /** The other member read your messages up to `upTo` (only when they send read receipts). */
  read: (event: ReadEvent) => void;
  /** The other member is typing to you (at most one every 2 s per pair). */
  typing: (event: TypingEvent) => void;
  /** Your unread message count changed. */
  unread: (event: UnreadEvent) => void;
  /** Your counts of new matches and flirts changed. */
  'new-counts': (event: NewCounts) => void;
  leaderboard: (event: LeaderboardEvent) => void;
}
/** Client -> server socket events: an open leaderboard page follows one category; a composer tells it is typing. */
export interface ClientToServerEvents {
  typing: (event: TypingRequest) => void;
  'leaderboard:watch': (category: string) => void;
  'leaderboard:unwatch': (category: string) => void;
}

export { SOCKET_PATH, socketReconnect } from './socket-options.js';
