import { type ChatMessage, type ConversationResponse, type ReadEvent } from '@funkeln/contracts/messages';
import { messagesEndpoints } from '@funkeln/contracts/routes/messages';
import { walletEndpoints } from '@funkeln/contracts/routes/wallet';
import { IDEMPOTENCY_HEADER, type RewardType } from '@funkeln/contracts/wallet';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { isTransient } from '../../lib/api-error';
import { newUuid } from '../../lib/uuid';
import * as queryKeys from '../../lib/query-keys';

export const inboxQuery = queryOptions({ queryKey: queryKeys.messages.inbox(), queryFn: () => call(messagesEndpoints.inbox) });

export const conversationsQuery = queryOptions({
  queryKey: queryKeys.messages.conversations(),
  queryFn: () => call(messagesEndpoints.conversations),
});

/** Pages of history: the first is the newest; each `before` cursor reaches one page further back. */
export const conversationQuery = (memberId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.messages.conversation(memberId),
    queryFn: ({ pageParam }) => call(messagesEndpoints.conversation, { params: { memberId }, query: { before: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.before,
    // An unknown member or a blocked conversation stays that way.
    retry: (count, error) => isTransient(error) && count < 1,
  });

/** What the next message to the member costs or leaves, for the composer. */
export const composeQuery = (memberId: string) =>
  queryOptions({
    queryKey: queryKeys.messages.compose(memberId),
    queryFn: () => call(messagesEndpoints.compose, { params: { memberId } }),
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
  queryClient.setQueryData<ConversationData>(queryKeys.messages.conversation(memberId), (data) => {
    const [newest, ...older] = data?.pages ?? [];
    if (!data || !newest || data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
    return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
  });
}

/**
 * The `read` event: the member read my messages up to `upTo`, so each of mine up to it is read.
 * When `upTo` is not loaded here, the thread is loaded again.
 */
export function markReadByMember(queryClient: QueryClient, memberId: string, event: ReadEvent): void {
  const data = queryClient.getQueryData<ConversationData>(queryKeys.messages.conversation(memberId));
  const upTo = data?.pages.flatMap((page) => page.messages).find((m) => m.id === event.upTo);
  if (!upTo) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversation(memberId) });
    return;
  }
  const cutoff = Date.parse(upTo.createdAt);
  const mark = (m: ChatMessage) =>
    m.recipientId === memberId && m.readAt === null && Date.parse(m.createdAt) <= cutoff ? { ...m, readAt: event.at } : m;
  queryClient.setQueryData<ConversationData>(queryKeys.messages.conversation(memberId), (current) =>
    current ? { ...current, pages: current.pages.map((page) => ({ ...page, messages: page.messages.map(mark) })) } : current,
  );
}

/** After a message: lists, the thread (reserved credits may have been paid out), the composer's figures and the balance. */
export function refreshAfterMessage(queryClient: QueryClient, memberId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.messages.compose(memberId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversation(memberId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.messages.inbox() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversations() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.wallet() }),
  ]);
}

export const markConversationRead = (memberId: string) => call(messagesEndpoints.markRead, { params: { memberId } });

export interface SendInput {
  recipientId: string;
  body: string;
  prepaidReply: number;
  /** Made once per draft: sending the same draft again (a retry) stores it once. */
  clientId: string;
  /** The member saw "Bist du sicher?" and sends anyway. */
  confirmed?: boolean;
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ recipientId, ...body }: SendInput) => call(messagesEndpoints.send, { params: { recipientId }, body }),
    onSuccess: ({ message }, { recipientId }) => addToConversation(queryClient, recipientId, message),
    onSettled: (_data, _error, { recipientId }) => refreshAfterMessage(queryClient, recipientId),
  });
}

/** A reward claimed from the composer when the credits fall short (a fresh key per click). */
export function useClaimReward(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: RewardType) => call(walletEndpoints.claimReward, { body: { type }, headers: { [IDEMPOTENCY_HEADER]: newUuid() } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.messages.compose(memberId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.wallet() }),
      ]),
  });
}
