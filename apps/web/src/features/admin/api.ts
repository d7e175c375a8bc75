import { adminReportsResponse, auditResponse, cleanupResponse, pendingPhotosResponse } from '@funkeln/contracts/admin';
import { messageBody } from '@funkeln/contracts/errors';
import { settingsRecord, type SettingsRecord } from '@funkeln/contracts/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import * as queryKeys from '../../lib/query-keys';

const keys = queryKeys.admin;

export const useAdminSettings = () => useQuery({ queryKey: keys.settings(), queryFn: () => api.get('/admin/settings', settingsRecord) });
export const usePendingPhotos = () => useQuery({ queryKey: keys.pending(), queryFn: () => api.get('/admin/photos/pending', pendingPhotosResponse) });
export const useReports = () => useQuery({ queryKey: keys.reports(), queryFn: () => api.get('/admin/reports', adminReportsResponse) });
export const useAudit = () => useQuery({ queryKey: keys.audit(), queryFn: () => api.get('/admin/audit', auditResponse) });

/** PUT /api/admin/settings with the changed keys; the answer is every key with its saved value. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SettingsRecord) => api.put('/admin/settings', settingsRecord, values),
    onSuccess: (data) => queryClient.setQueryData(keys.settings(), data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.audit() }),
  });
}

export const useCleanup = () => useMutation({ mutationFn: () => api.post('/admin/maintenance/cleanup-tokens', cleanupResponse) });

export type ModerationAction =
  | { kind: 'photo'; id: string; action: 'enable' | 'disable' }
  | { kind: 'report'; id: string; status: 'resolved' | 'dismissed' }
  | { kind: 'suspend'; id: string };

function moderate(a: ModerationAction) {
  if (a.kind === 'photo') return api.post(`/admin/photos/${encodeURIComponent(a.id)}/${a.action}`, messageBody);
  if (a.kind === 'report') return api.post(`/admin/reports/${encodeURIComponent(a.id)}/resolve`, messageBody, { status: a.status });
  return api.post(`/admin/users/${encodeURIComponent(a.id)}/suspend`, messageBody);
}

/** Every moderation action reloads both lists and the log, whether it worked or not (spec 4). */
export function useModeration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderate,
    onSettled: () => Promise.all([keys.pending(), keys.reports(), keys.audit()].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
