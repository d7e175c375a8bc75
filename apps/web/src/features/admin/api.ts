import type { HouseRuleId, ObjectionDecisionBody } from '@funkeln/contracts/decisions';
import { adminEndpoints as endpoints } from '@funkeln/contracts/routes/admin';
import { messagesEndpoints } from '@funkeln/contracts/routes/messages';
import { photosEndpoints } from '@funkeln/contracts/routes/photos';
import { verificationEndpoints } from '@funkeln/contracts/routes/verification';
import type { SettingsRecord } from '@funkeln/contracts/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import * as queryKeys from '../../lib/query-keys';

const keys = queryKeys.admin;

export const useAdminSettings = () => useQuery({ queryKey: keys.settings(), queryFn: () => call(endpoints.settings) });
export const usePendingPhotos = () => useQuery({ queryKey: keys.pending(), queryFn: () => call(endpoints.pendingPhotos) });
export const useReports = () => useQuery({ queryKey: keys.reports(), queryFn: () => call(endpoints.reports) });
export const useAudit = () => useQuery({ queryKey: keys.audit(), queryFn: () => call(endpoints.audit) });

/** PUT /api/admin/settings with the changed keys; the answer is every key with its saved value. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SettingsRecord) => call(endpoints.saveSettings, { body: values }),
    onSuccess: (data) => queryClient.setQueryData(keys.settings(), data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.audit() }),
  });
}

export const useCleanup = () => useMutation({ mutationFn: () => call(endpoints.cleanupTokens) });

/** Restricting actions name the house rule the member's statement of reasons gives (the server has a default). */
export type ModerationAction =
  | { kind: 'photo'; id: string; action: 'enable' | 'disable'; rule?: HouseRuleId }
  | { kind: 'report'; id: string; status: 'resolved' | 'dismissed'; note?: string }
  | { kind: 'suspend'; id: string; rule?: HouseRuleId; facts?: string }
  | { kind: 'message'; id: string; rule?: HouseRuleId }
  | { kind: 'duplicate'; id: string };

function moderate(a: ModerationAction) {
  if (a.kind === 'photo') return call(endpoints.photoAction, { params: { id: a.id, action: a.action }, body: { rule: a.rule } });
  if (a.kind === 'duplicate') return call(photosEndpoints.dismissDuplicate, { params: { id: a.id } });
  if (a.kind === 'report') return call(endpoints.resolveReport, { params: { id: a.id }, body: { status: a.status, ...(a.note ? { note: a.note } : {}) } });
  if (a.kind === 'message') return call(endpoints.removeMessage, { params: { id: a.id }, body: { rule: a.rule } });
  return call(endpoints.suspend, { params: { id: a.id }, body: { rule: a.rule, ...(a.facts ? { facts: a.facts } : {}) } });
}

/** Every moderation action reloads both lists and the log, whether it worked or not (spec 4). */
export function useModeration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderate,
    onSettled: () => Promise.all([keys.pending(), keys.reports(), keys.audit(), keys.duplicates()].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Objections to statements of reasons, open ones first. */
export const useObjections = () => useQuery({ queryKey: keys.objections(), queryFn: () => call(endpoints.objections) });

/** Upholds or reverses a decision with an answer for the member; the lists it may change reload. */
export function useDecideObjection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ObjectionDecisionBody & { id: string }) => call(endpoints.decideObjection, { params: { id }, body }),
    onSettled: () => Promise.all([keys.objections(), keys.pending(), keys.reports(), keys.audit()].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Photo verifications the model was unsure about: the selfie beside the main photo. */
export const usePendingVerifications = () => useQuery({ queryKey: keys.verifications(), queryFn: () => call(verificationEndpoints.pending) });

/** Approves (badge) or refuses an uncertain verification; the selfie is deleted either way. */
export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: string; approve: boolean }) => call(verificationEndpoints.decide, { params: { id }, body: { approve } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.verifications() }),
  });
}

/** "Auffällige Nachrichten": members who sent one pattern to many members within a day. */
export const usePatternFlags = () => useQuery({ queryKey: keys.patternFlags(), queryFn: () => call(messagesEndpoints.patternFlags) });

/** Marks a flag as done (it leaves the list; the audit log records it). */
export function useDismissPatternFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(messagesEndpoints.dismissPatternFlag, { params: { id } }),
    onSettled: () => Promise.all([keys.patternFlags(), keys.audit()].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
/** Photos that look like another account's (issue 57 item 9): both sides for the team. */
export const useDuplicatePhotos = () => useQuery({ queryKey: keys.duplicates(), queryFn: () => call(photosEndpoints.duplicates) });
