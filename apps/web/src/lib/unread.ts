import { unreadEvent } from '@funkeln/contracts/messages';
import { messagesEndpoints } from '@funkeln/contracts/routes/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from './api';
import * as queryKeys from './query-keys';
import { connectSocket } from './socket';

/**
 * The signed-in member's unread message count: loaded once, then kept live by the server's
 * `unread` event; a reconnect loads it again, since events sent while offline are lost.
 */
export function useUnreadCount(): number {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.messages.unread(), queryFn: () => call(messagesEndpoints.unread) });

  useEffect(() => {
    const socket = connectSocket();
    const onUnread = (event: unknown) => {
      const parsed = unreadEvent.safeParse(event);
      if (parsed.success) queryClient.setQueryData(queryKeys.messages.unread(), parsed.data);
    };
    const onConnect = () => void queryClient.invalidateQueries({ queryKey: queryKeys.messages.unread() });
    socket.on('unread', onUnread);
    socket.on('connect', onConnect);
    return () => {
      socket.off('unread', onUnread);
      socket.off('connect', onConnect);
    };
  }, [queryClient]);

  return query.data?.count ?? 0;
}
