import { type CompanionMessageResponse, companionStreamEvent, type CompanionTurn, type MemoryBody } from '@funkeln/contracts/companion';
import { companionEndpoints } from '@funkeln/contracts/routes/companion';
import { IDEMPOTENCY_HEADER } from '@funkeln/contracts/wallet';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiErrorOf, call, callLines } from '../../lib/api';
import { ApiError } from '../../lib/api-error';
import { newUuid } from '../../lib/uuid';
import { isUnauthorized } from './login-redirect';
import * as queryKeys from '../../lib/query-keys';

/** A 401/403 sends the member to the login at once; other failures get the usual one retry. */
const retry = (failures: number, error: Error) => !isUnauthorized(error) && failures < 1;

export const useCompanionInfo = () => useQuery({ queryKey: queryKeys.companion.info(), queryFn: () => call(companionEndpoints.info), retry });

export const useConversations = () =>
  useQuery({ queryKey: queryKeys.companion.conversations(), queryFn: () => call(companionEndpoints.conversations), retry });

export const useHistory = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.companion.history(id ?? ''),
    queryFn: () => call(companionEndpoints.history, { params: { id: id ?? '' } }),
    enabled: id !== null,
    retry,
  });

export const useMemories = () => useQuery({ queryKey: queryKeys.companion.memories(), queryFn: () => call(companionEndpoints.memories), retry });

const turn = (role: CompanionTurn['role'], content: string): CompanionTurn => ({ role, content, created_at: new Date().toISOString() });

function appendTurn(queryClient: QueryClient, conversationId: string, added: CompanionTurn) {
  queryClient.setQueryData<CompanionTurn[]>(queryKeys.companion.history(conversationId), (turns) => [...(turns ?? []), added]);
}

/** Starts a conversation; its history is the greeting, so the chat shows it without another call. */
export function useStart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(companionEndpoints.start),
    onSuccess: ({ id, greeting }) => {
      queryClient.setQueryData<CompanionTurn[]>(queryKeys.companion.history(id), [turn('assistant', greeting)]);
      void queryClient.invalidateQueries({ queryKey: queryKeys.companion.conversations() });
    },
  });
}

export interface SendInput {
  conversationId: string;
  content: string;
}

/** The reply as far as it has been streamed, for the conversation it belongs to. */
export interface Draft {
  conversationId: string;
  text: string;
}

/** Streams one reply: its pieces go to `onDraft` as they arrive; the booked answer (or the German error) comes last. */
async function streamReply({ conversationId, content }: SendInput, onDraft: (text: string) => void): Promise<CompanionMessageResponse> {
  let text = '';
  let answer: CompanionMessageResponse | undefined;
  const input = { params: { id: conversationId }, body: { content }, headers: { [IDEMPOTENCY_HEADER]: newUuid() } };
  await callLines(companionEndpoints.messageStream, input, companionStreamEvent, (event) => {
    if (event.type === 'error') throw apiErrorOf(200, event);
    if (event.type === 'done') answer = event;
    else onDraft((text += event.text));
  });
  if (!answer) throw new ApiError(0, 'network_error', 'Keine Verbindung zum Server.');
  return answer;
}

/**
 * Sends one message: the member's turn shows at once, the reply grows in `draft` as the model writes
 * it and becomes a turn when it is complete; a failure takes the member's turn back.
 */
export function useSend() {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const send = useMutation({
    mutationFn: (input: SendInput) => streamReply(input, (text) => setDraft({ conversationId: input.conversationId, text })),
    onMutate: async ({ conversationId, content }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.companion.history(conversationId) });
      const optimistic = turn('user', content);
      appendTurn(queryClient, conversationId, optimistic);
      return { optimistic };
    },
    onSuccess: ({ reply }, { conversationId }) => {
      appendTurn(queryClient, conversationId, turn('assistant', reply));
      // The balance shown elsewhere (wallet, top bar) follows the charge.
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet() });
      // The first message names the conversation in the list.
      void queryClient.invalidateQueries({ queryKey: queryKeys.companion.conversations() });
      // What the message told it about her shows among the memories (she may delete it there).
      void queryClient.invalidateQueries({ queryKey: queryKeys.companion.memories() });
    },
    onError: (_error, { conversationId }, context) => {
      queryClient.setQueryData<CompanionTurn[]>(queryKeys.companion.history(conversationId), (turns) => turns?.filter((t) => t !== context?.optimistic));
    },
    onSettled: () => setDraft(null),
  });
  return { send, draft };
}

export function useSaveMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemoryBody) => call(companionEndpoints.saveMemory, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.companion.memories() }),
  });
}

export function useDeleteMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(companionEndpoints.deleteMemory, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.companion.memories() }),
  });
}
