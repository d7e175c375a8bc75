import type { CreateDateShareBody } from '@funkeln/contracts/date-shares';
import { dateSharesEndpoints as endpoints } from '@funkeln/contracts/routes/date-shares';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import * as queryKeys from '../../lib/query-keys';

/** The member's active shared date plans (her own; the links themselves are shown only once). */
export const dateSharesQuery = queryOptions({ queryKey: queryKeys.dateShares.list(), queryFn: () => call(endpoints.list) });

/** A new link for a plan with the member of this conversation. */
export function useCreateDateShare(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDateShareBody) => call(endpoints.create, { params: { memberId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.dateShares.list() }),
  });
}

/** "Link löschen": the link stops working at once. */
export function useDeleteDateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(endpoints.remove, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.dateShares.list() }),
  });
}
