import type { ChatMessage } from '@funkeln/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { markConversationRead } from './api';
import * as queryKeys from '../../lib/query-keys';

/** Marks the conversation read when it opens and whenever a new unread message from the member shows up in it. */
export function useMarkRead(memberId: string, messages: ChatMessage[]): void {
  const queryClient = useQueryClient();
  const newestUnread = messages.findLast((m) => m.senderId === memberId && m.readAt === null)?.id;

  useEffect(() => {
    if (!newestUnread) return;
    markConversationRead(memberId).then(
      () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.messages.inbox() }),
          queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversations() }),
        ]),
      // Nothing to tell the member: the next visit marks it again.
      () => undefined,
    );
  }, [memberId, newestUnread, queryClient]);
}
