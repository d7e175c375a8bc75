import type { ChangePasswordBody, MemberSettings } from '@funkeln/contracts/account';
import { accountEndpoints } from '@funkeln/contracts/routes/account';
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

export const useChangePassword = () => useMutation({ mutationFn: (body: ChangePasswordBody) => call(accountEndpoints.changePassword, { body }) });

export const logoutEverywhere = () => call(accountEndpoints.logoutEverywhere);
