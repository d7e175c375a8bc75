import type { PhotoCategory } from '@funkeln/contracts/leaderboard';
import { leaderboardEndpoints } from '@funkeln/contracts/routes/leaderboard';
import { profilesEndpoints } from '@funkeln/contracts/routes/profiles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, hrefOf } from '../../lib/api';
import * as queryKeys from '../../lib/query-keys';
import { ApiError } from '../../lib/api-error';

export function usePublicProfile(id: string) {
  return useQuery({
    queryKey: queryKeys.publicProfile(id),
    queryFn: () => call(profilesEndpoints.publicProfile, { params: { id } }),
    // An unknown or hidden profile stays that way; do not ask again.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}

/** The server-rendered share page with link previews (not a route of this app). */
export const sharePath = (id: string) => hrefOf(profilesEndpoints.sharePage, { params: { id } });

const entriesKey = queryKeys.contestEntries();

export function useContestEntries() {
  return useQuery({ queryKey: entriesKey, queryFn: () => call(leaderboardEndpoints.entries) });
}

export function useSaveEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (categories: PhotoCategory[]) => call(leaderboardEndpoints.setEntries, { body: { categories } }),
    // The box follows the click at once; the server's answer (or the old state on failure) settles it.
    onMutate: (categories) => {
      const before = queryClient.getQueryData(entriesKey);
      void queryClient.cancelQueries({ queryKey: entriesKey });
      queryClient.setQueryData(entriesKey, { categories });
      return { before };
    },
    onError: (_error, _categories, context) => queryClient.setQueryData(entriesKey, context?.before),
    onSuccess: (data) => queryClient.setQueryData(entriesKey, data),
  });
}
