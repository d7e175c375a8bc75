import { swipesEndpoints } from '@funkeln/contracts/routes/swipes';
import type { MatchItem } from '@funkeln/contracts/swipes';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api';
import * as queryKeys from './query-keys';

export const fetchMatches = (): Promise<MatchItem[]> => call(swipesEndpoints.matches);

/** Shared by the matches list, the conversations panel and the flirts page. */
export const matchesQuery = queryOptions({ queryKey: queryKeys.matches(), queryFn: fetchMatches });

/** The most recent match: after a flirt back, the identity behind it. */
export function newestMatch(matches: MatchItem[]): MatchItem | null {
  let newest: MatchItem | null = null;
  for (const match of matches) {
    if (!newest || Date.parse(match.matchedAt) > Date.parse(newest.matchedAt)) newest = match;
  }
  return newest;
}
