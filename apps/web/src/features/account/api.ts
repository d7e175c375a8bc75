import { memberSettings, type MemberSettings } from '@funkeln/contracts/account';
import { messageBody } from '@funkeln/contracts/errors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import * as queryKeys from '../../lib/query-keys';

export const useMemberSettings = () => useQuery({ queryKey: queryKeys.memberSettings(), queryFn: () => api.get('/me/settings', memberSettings) });

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: Partial<MemberSettings>) => api.put('/me/settings', memberSettings, update),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.memberSettings(), data),
  });
}

export const useChangePassword = () =>
  useMutation({ mutationFn: (b: { currentPassword: string; newPassword: string }) => api.post('/me/password', messageBody, b) });

export const logoutEverywhere = () => api.post('/me/logout-all', messageBody);
