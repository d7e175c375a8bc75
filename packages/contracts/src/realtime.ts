import { z } from 'zod';
import type { MatchEvent } from './discovery.js';
import type { MessageEvent } from './messages.js';
import type { LeaderboardEvent } from './rankings.js';

export const presenceEvent = z.object({ online: z.number().int().min(0) });
export type PresenceEvent = z.infer<typeof presenceEvent>;

/** Server -> client socket events. */
export interface ServerToClientEvents {
  presence: (event: PresenceEvent) => void;
  match: (event: MatchEvent) => void;
  message: (event: MessageEvent) => void;
  leaderboard: (event: LeaderboardEvent) => void;
}
/** Client -> server socket events: an open leaderboard page follows one category. */
export interface ClientToServerEvents {
  'leaderboard:watch': (category: string) => void;
  'leaderboard:unwatch': (category: string) => void;
}

export { SOCKET_PATH, socketReconnect } from './socket-options.js';
