import { blocksEndpoints } from '@funkeln/contracts/routes/blocks';
import { swipesEndpoints } from '@funkeln/contracts/routes/swipes';
import type { MatchItem, ReceivedFlirt } from '@funkeln/contracts/swipes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { announceMatch } from '../../lib/match-celebration';
import { fetchMatches, matchesQuery, newestMatch } from '../../lib/matches';
import * as queryKeys from '../../lib/query-keys';

export function useReceivedFlirts() {
  return useQuery({
    queryKey: queryKeys.receivedFlirts(),
    queryFn: () => call(swipesEndpoints.receivedFlirts),
    // New flirts arrive and 'vor 5 Minuten' stays true.
    refetchInterval: 60_000,
  });
}

/** The match a flirt back just made: the socket event may have brought it already, else the list has it. */
async function revealMatch(): Promise<void> {
  const match = newestMatch(await fetchMatches());
  if (match) announceMatch(match);
}

/** 'Zurückflirten': the flirt leaves the list; on a match the celebration reveals who it was. */
export function useFlirtBack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (flirtId: string) => call(swipesEndpoints.acceptFlirt, { params: { flirtId } }),
    onSuccess: async (result, flirtId) => {
      queryClient.setQueryData<ReceivedFlirt[]>(queryKeys.receivedFlirts(), (list) => list?.filter((flirt) => flirt.flirtId !== flirtId));
      if (!result.match) return;
      await revealMatch().catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: queryKeys.matches() });
    },
  });
}

export function useMatches() {
  return useQuery(matchesQuery);
}

export type MatchAction = 'unmatch' | 'block';

const run = (action: MatchAction, memberId: string) =>
  action === 'unmatch' ? call(swipesEndpoints.unmatch, { params: { memberId } }) : call(blocksEndpoints.block, { params: { memberId } });

export const unblock = (memberId: string) => call(blocksEndpoints.unblock, { params: { memberId } });

/** Unmatch or block: the member leaves the list at once and comes back if the server says no. */
export function useMatchAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, match }: { action: MatchAction; match: MatchItem }) => run(action, match.userId),
    onMutate: async ({ match }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.matches() });
      const before = queryClient.getQueryData<MatchItem[]>(queryKeys.matches());
      queryClient.setQueryData<MatchItem[]>(queryKeys.matches(), (list) => list?.filter((item) => item.userId !== match.userId));
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.matches(), context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.matches() }),
  });
}
