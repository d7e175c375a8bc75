import { adminReportsResponse, auditResponse, cleanupResponse, pendingPhotosResponse } from '@funkeln/contracts/admin';
import { messageBody } from '@funkeln/contracts/errors';
import { settingsRecord, type SettingsRecord } from '@funkeln/contracts/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const keys = { settings: ['admin', 'settings'], pending: ['admin', 'pending'], reports: ['admin', 'reports'], audit: ['admin', 'audit'] } as const;

export const useAdminSettings = () => useQuery({ queryKey: keys.settings, queryFn: () => api.get('/admin/settings', settingsRecord) });
export const usePendingPhotos = () => useQuery({ queryKey: keys.pending, queryFn: () => api.get('/admin/photos/pending', pendingPhotosResponse) });
export const useReports = () => useQuery({ queryKey: keys.reports, queryFn: () => api.get('/admin/reports', adminReportsResponse) });
export const useAudit = () => useQuery({ queryKey: keys.audit, queryFn: () => api.get('/admin/audit', auditResponse) });

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SettingsRecord) => api.put('/admin/settings', settingsRecord, values),
    onSuccess: (data) => queryClient.setQueryData(keys.settings, data),
  });
}

export const useCleanup = () => useMutation({ mutationFn: () => api.post('/admin/maintenance/cleanup-tokens', cleanupResponse) });

/** Every moderation action reloads both lists and the log (spec: both lists reload after each action). */
export function useModeration() {
  const queryClient = useQueryClient();
  const reload = () => Promise.all([keys.pending, keys.reports, keys.audit].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn: (a: { kind: 'photo'; id: string; action: 'enable' | 'disable' } | { kind: 'report'; id: string; status: 'resolved' | 'dismissed' } | { kind: 'suspend'; id: string }) =>
      a.kind === 'photo'
        ? api.post(`/admin/photos/${a.id}/${a.action}`, messageBody)
        : a.kind === 'report'
          ? api.post(`/admin/reports/${a.id}/resolve`, messageBody, { status: a.status })
          : api.post(`/admin/users/${a.id}/suspend`, messageBody),
    onSettled: reload,
  });
}
