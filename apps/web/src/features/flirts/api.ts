import { likeResponse, receivedFlirtsResponse, type ReceivedFlirt } from '@funkeln/contracts/discovery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { announceMatch } from '../../lib/match-celebration';
import { fetchMatches, newestMatch } from '../../lib/matches';
import * as queryKeys from '../../lib/query-keys';

export function useReceivedFlirts() {
  return useQuery({
    queryKey: queryKeys.receivedFlirts(),
    queryFn: () => api.get('/likes/received', receivedFlirtsResponse),
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
    mutationFn: (flirtId: string) => api.post(`/likes/received/${encodeURIComponent(flirtId)}/accept`, likeResponse),
    onSuccess: async (result, flirtId) => {
      queryClient.setQueryData<ReceivedFlirt[]>(queryKeys.receivedFlirts(), (list) => list?.filter((flirt) => flirt.flirtId !== flirtId));
      if (!result.match) return;
      await revealMatch().catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: queryKeys.matches() });
    },
  });
}
