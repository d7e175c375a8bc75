import { messageBody } from '@funkeln/contracts/errors';
import type { MatchItem } from '@funkeln/contracts/discovery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { matchesQuery } from '../../lib/matches';
import * as queryKeys from '../../lib/query-keys';

export function useMatches() {
  return useQuery(matchesQuery);
}

const userPath = (base: string, userId: string) => `${base}/${encodeURIComponent(userId)}`;

export type MatchAction = 'unmatch' | 'block';

const run = (action: MatchAction, userId: string) =>
  action === 'unmatch'
    ? api.delete(userPath('/matches', userId), messageBody)
    : api.post(userPath('/blocks', userId), messageBody);

export const unblock = (userId: string) => api.delete(userPath('/blocks', userId), messageBody);

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
