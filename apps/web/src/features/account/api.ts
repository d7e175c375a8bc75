import type { ChangePasswordBody, MemberSettings } from '@funkeln/contracts/account';
import { accountEndpoints } from '@funkeln/contracts/routes/account';
import { blocksEndpoints } from '@funkeln/contracts/routes/blocks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import * as queryKeys from '../../lib/query-keys';

export const useMemberSettings = () => useQuery({ queryKey: queryKeys.memberSettings(), queryFn: () => call(accountEndpoints.settings) });

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: Partial<MemberSettings>) => call(accountEndpoints.saveSettings, { body: update }),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.memberSettings(), data),
  });
}

export const useBlockedMembers = () => useQuery({ queryKey: queryKeys.blockedMembers(), queryFn: () => call(blocksEndpoints.list) });

/** Lifts a block from the settings list; the list, the feed and the conversations show the member again. */
export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => call(blocksEndpoints.unblock, { params: { memberId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.blockedMembers() }),
  });
}

export const useChangePassword = () => useMutation({ mutationFn: (body: ChangePasswordBody) => call(accountEndpoints.changePassword, { body }) });

export const logoutEverywhere = () => call(accountEndpoints.logoutEverywhere);
