import type { EntriesResponse, PhotoCategory } from '@funkeln/contracts/leaderboard';
import { leaderboardEndpoints } from '@funkeln/contracts/routes/leaderboard';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './api';
import * as queryKeys from './query-keys';

/** The member's Top10 entries (the own profile page and onboarding share them). */
const entriesKey = queryKeys.contestEntries();

export function useContestEntries() {
  return useQuery({ queryKey: entriesKey, queryFn: () => call(leaderboardEndpoints.entries) });
}

export interface EntriesChoice {
  categories: PhotoCategory[];
  /** The photo chosen per category; a category left out competes with the main photo. */
  photos: EntriesResponse['photos'];
}

export function useSaveEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categories, photos }: EntriesChoice) => call(leaderboardEndpoints.setEntries, { body: { categories, photos } }),
    // The box follows the click at once; the server's answer (or the old state on failure) settles it.
    onMutate: (choice) => {
      const before = queryClient.getQueryData(entriesKey);
      void queryClient.cancelQueries({ queryKey: entriesKey });
      queryClient.setQueryData(entriesKey, choice);
      return { before };
    },
    onError: (_error, _choice, context) => queryClient.setQueryData(entriesKey, context?.before),
    onSuccess: (data) => queryClient.setQueryData(entriesKey, data),
  });
}
