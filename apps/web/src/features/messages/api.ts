import {
  conversationResponse,
  conversationsResponse,
  inboxResponse,
  sendMessageResponse,
  type ChatMessage,
  type ConversationResponse,
} from '@funkeln/contracts/messages';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, ApiError } from '../../lib/api';
import { walletQueryKey } from '../../lib/wallet';

export const messagesKeys = {
  all: ['messages'] as const,
  inbox: ['messages', 'inbox'] as const,
  conversations: ['messages', 'conversations'] as const,
  conversation: (memberId: string) => ['messages', 'conversation', memberId] as const,
};

export const inboxQuery = queryOptions({ queryKey: messagesKeys.inbox, queryFn: () => api.get('/messages', inboxResponse) });

export const conversationsQuery = queryOptions({
  queryKey: messagesKeys.conversations,
  queryFn: () => api.get('/conversations', conversationsResponse),
});

const conversationPath = (memberId: string) => `/conversations/${encodeURIComponent(memberId)}`;

/** Pages of history: the first is the newest; each `before` cursor reaches one page further back. */
export const conversationQuery = (memberId: string) =>
  infiniteQueryOptions({
    queryKey: messagesKeys.conversation(memberId),
    queryFn: ({ pageParam }) =>
      api.get(`${conversationPath(memberId)}${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`, conversationResponse),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.before,
    // An unknown member or a blocked conversation stays that way.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });

type ConversationData = InfiniteData<ConversationResponse, string | null>;

/** The whole loaded thread, oldest first, each message once (pages may overlap after new messages). */
export function threadOf(data: { pages: ConversationResponse[] }): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const page of data.pages) for (const message of page.messages) if (!byId.has(message.id)) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/** Adds a message to the newest page unless it is there already (the send answer and the socket both bring it). */
export function addToConversation(queryClient: QueryClient, memberId: string, message: ChatMessage): void {
  queryClient.setQueryData<ConversationData>(messagesKeys.conversation(memberId), (data) => {
    const [newest, ...older] = data?.pages ?? [];
    if (!data || !newest || data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
    return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
  });
}

/** After a message: lists, the thread (reserved credits may have been paid out) and the balance. */
export function refreshAfterMessage(queryClient: QueryClient, memberId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: messagesKeys.conversation(memberId) }),
    queryClient.invalidateQueries({ queryKey: messagesKeys.inbox }),
    queryClient.invalidateQueries({ queryKey: messagesKeys.conversations }),
    queryClient.invalidateQueries({ queryKey: walletQueryKey }),
  ]);
}

const markedResponse = z.object({ marked: z.number().int() });

export const markConversationRead = (memberId: string) => api.post(`${conversationPath(memberId)}/read`, markedResponse);

export interface SendInput {
  recipientId: string;
  body: string;
  prepaidReply: number;
  /** Made once per draft: sending the same draft again (a retry) stores it once. */
  clientId: string;
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ recipientId, ...body }: SendInput) =>
      api.post(`/messages/${encodeURIComponent(recipientId)}`, sendMessageResponse, body),
    onSuccess: ({ message }, { recipientId }) => addToConversation(queryClient, recipientId, message),
    onSettled: (_data, _error, { recipientId }) => refreshAfterMessage(queryClient, recipientId),
  });
}
