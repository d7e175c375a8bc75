import { messageEvent, type ChatMessage, type MessageEvent } from '@funkeln/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { connectSocket } from '../../lib/socket';
import * as queryKeys from '../../lib/query-keys';

/**
 * Live updates while a messages page is open: every `message` event refreshes the lists (and goes
 * to `onMessage`); a reconnect refetches everything, since events sent while offline are lost.
 */
export function useLiveMessages(onMessage?: (message: ChatMessage) => void): void {
  const queryClient = useQueryClient();
  const handle = useEffectEvent((message: ChatMessage) => onMessage?.(message));

  useEffect(() => {
    const socket = connectSocket();
    const onEvent = (event: MessageEvent) => {
      const parsed = messageEvent.safeParse(event);
      if (!parsed.success) return;
      handle(parsed.data.message);
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.inbox() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversations() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet() });
    };
    const onConnect = () => void queryClient.invalidateQueries({ queryKey: queryKeys.messages.all() });
    socket.on('message', onEvent);
    socket.on('connect', onConnect);
    return () => {
      socket.off('message', onEvent);
      socket.off('connect', onConnect);
    };
  }, [queryClient]);
}
