import {
  companionConversationsResponse,
  companionHistoryResponse,
  companionInfo,
  companionMessageResponse,
  companionStartResponse,
  memoriesResponse,
  memory,
  type CompanionTurn,
} from '@funkeln/contracts/companion';
import { messageBody } from '@funkeln/contracts/errors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { newUuid } from '../../lib/uuid';
import { walletQueryKey } from '../../lib/wallet';

export const companionKeys = {
  info: ['companion', 'info'] as const,
  conversations: ['companion', 'conversations'] as const,
  history: (id: string) => ['companion', 'history', id] as const,
  memories: ['companion', 'memories'] as const,
};

export const useCompanionInfo = () => useQuery({ queryKey: companionKeys.info, queryFn: () => api.get('/ai/df/info', companionInfo) });
export const useConversations = () => useQuery({ queryKey: companionKeys.conversations, queryFn: () => api.get('/ai/df/conversations', companionConversationsResponse) });
export const useHistory = (id: string | null) =>
  useQuery({ queryKey: companionKeys.history(id ?? ''), queryFn: () => api.get(`/ai/df/${id}/messages`, companionHistoryResponse), enabled: id !== null });
export const useMemories = () => useQuery({ queryKey: companionKeys.memories, queryFn: () => api.get('/ai/df/memories', memoriesResponse) });

export function useStart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/ai/df/start', companionStartResponse),
    onSuccess: ({ id, greeting }) => {
      queryClient.setQueryData<CompanionTurn[]>(companionKeys.history(id), [{ role: 'assistant', content: greeting, created_at: new Date().toISOString() }]);
      void queryClient.invalidateQueries({ queryKey: companionKeys.conversations });
    },
  });
}

/** Sends one message; the member's turn shows at once, the reply when it arrives. */
export function useSend(conversationId: string | null) {
  const queryClient = useQueryClient();
  const key = companionKeys.history(conversationId ?? '');
  return useMutation({
    mutationFn: (content: string) => api.post(`/ai/df/${conversationId}/message`, companionMessageResponse, { content }, { 'Idempotency-Key': newUuid() }),
    onMutate: (content) => {
      const before = queryClient.getQueryData<CompanionTurn[]>(key);
      queryClient.setQueryData<CompanionTurn[]>(key, [...(before ?? []), { role: 'user', content, created_at: new Date().toISOString() }]);
      return { before };
    },
    onSuccess: ({ reply }) => {
      queryClient.setQueryData<CompanionTurn[]>(key, (turns) => [...(turns ?? []), { role: 'assistant', content: reply, created_at: new Date().toISOString() }]);
      void queryClient.invalidateQueries({ queryKey: walletQueryKey });
      void queryClient.invalidateQueries({ queryKey: companionKeys.conversations });
    },
    onError: (_error, _content, context) => queryClient.setQueryData(key, context?.before),
  });
}

export function useSaveMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (m: { content: string; tags: string[] }) => api.post('/ai/df/memory', memory, m),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companionKeys.memories }),
  });
}

export function useDeleteMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/ai/df/memories/${id}`, messageBody),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companionKeys.memories }),
  });
}
