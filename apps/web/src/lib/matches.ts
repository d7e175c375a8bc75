import { matchesResponse, type MatchItem } from '@funkeln/contracts/discovery';
import { api } from './api';

/** Shared by the matches list, the flirts list and the app-wide match listener that refreshes them. */
export const matchesQueryKey = ['matches'] as const;
export const receivedFlirtsQueryKey = ['received-flirts'] as const;

export const fetchMatches = (): Promise<MatchItem[]> => api.get('/matches', matchesResponse);

/** The most recent match: after a flirt back, the identity behind it. */
export function newestMatch(matches: MatchItem[]): MatchItem | null {
  let newest: MatchItem | null = null;
  for (const match of matches) {
    if (!newest || Date.parse(match.matchedAt) > Date.parse(newest.matchedAt)) newest = match;
  }
  return newest;
}
