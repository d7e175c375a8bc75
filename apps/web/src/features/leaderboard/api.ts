import { type LeaderboardEntry, leaderboardEvent, type PhotoCategory } from '@funkeln/contracts/leaderboard';
import { leaderboardEndpoints } from '@funkeln/contracts/routes/leaderboard';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../lib/api';
import * as queryKeys from '../../lib/query-keys';
import { connectSocket } from '../../lib/socket';

export function useLeaderboard(category: PhotoCategory, month: string) {
  return useQuery({
    queryKey: queryKeys.leaderboard.board(category, month),
    queryFn: () => call(leaderboardEndpoints.leaderboard, { params: { category }, query: { month } }),
  });
}

/** While the current month is shown: follow the category over the socket; refetch on reconnect. */
export function useLiveLeaderboard(category: PhotoCategory, month: string, current: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!current) return;
    const socket = connectSocket();
    const watch = () => socket.emit('leaderboard:watch', category);
    const onEvent = (event: unknown) => {
      const parsed = leaderboardEvent.safeParse(event);
      if (!parsed.success || parsed.data.category !== category || parsed.data.month !== month) return;
      queryClient.setQueryData<LeaderboardEntry[]>(queryKeys.leaderboard.board(category, month), parsed.data.entries);
    };
    const onConnect = () => {
      watch();
      void queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard.board(category, month) });
    };
    socket.on('leaderboard', onEvent);
    socket.on('connect', onConnect);
    if (socket.connected) watch();
    return () => {
      socket.emit('leaderboard:unwatch', category);
      socket.off('leaderboard', onEvent);
      socket.off('connect', onConnect);
    };
  }, [category, month, current, queryClient]);
}

export function useNextCandidate(category: PhotoCategory, skipped: string[]) {
  return useQuery({
    queryKey: queryKeys.nextVote(category, skipped),
    queryFn: () => call(leaderboardEndpoints.nextVote, { query: { category, skip: skipped.length ? skipped.join(',') : undefined } }),
  });
}

export function useVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vote: { photoId: string; category: PhotoCategory }) => call(leaderboardEndpoints.vote, { body: vote }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard.all() }),
  });
}
