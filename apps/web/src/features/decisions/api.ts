import type { Statement } from '@funkeln/contracts/decisions';
import { decisionsEndpoints as endpoints } from '@funkeln/contracts/routes/decisions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import * as queryKeys from '../../lib/query-keys';

const keys = queryKeys.decisions;

export const useMyDecisions = () => useQuery({ queryKey: keys.mine(), queryFn: () => call(endpoints.mine) });

/** An objection from the app: the list then shows it with its state. */
export function useObject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => call(endpoints.object, { params: { id }, body: { text } }),
    onSuccess: (statement) => queryClient.setQueryData(keys.mine(), (list: { items: Statement[] } | undefined) => list && { items: list.items.map((s) => (s.id === statement.id ? statement : s)) }),
  });
}

/** The statement behind a mailed link (no session needed: the token, sent in the body, is the only key). */
export const useStatementByLink = (token: string) =>
  useQuery({ queryKey: keys.byLink(token), queryFn: () => call(endpoints.byToken, { body: { token } }), retry: false });

export function useObjectByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => call(endpoints.objectByToken, { body: { token, text } }),
    onSuccess: (statement) => queryClient.setQueryData(keys.byLink(token), statement),
  });
}
