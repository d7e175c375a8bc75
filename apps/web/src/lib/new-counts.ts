import { swipesEndpoints } from '@funkeln/contracts/routes/swipes';
import { newCountsEvent, type NewCounts, type SeenList } from '@funkeln/contracts/swipes';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from './api';
import * as queryKeys from './query-keys';
import { type AppSocket, connectSocket } from './socket';

const NONE: NewCounts = { matches: 0, flirts: 0 };
const LIST_KEYS: Record<SeenList, () => readonly string[]> = { matches: queryKeys.matches, flirts: queryKeys.receivedFlirts };

/** Keeps the cached counts as the socket's `new-counts` events say, and loads them again on a (re)connect; answers the unsubscribe. */
export function followNewCounts(socket: Pick<AppSocket, 'on' | 'off'>, queryClient: QueryClient): () => void {
  const onCounts = (event: unknown) => {
    const parsed = newCountsEvent.safeParse(event);
    if (parsed.success) queryClient.setQueryData(queryKeys.newCounts(), parsed.data);
  };
  const onConnect = () => void queryClient.invalidateQueries({ queryKey: queryKeys.newCounts() });
  socket.on('new-counts', onCounts);
  socket.on('connect', onConnect);
  return () => {
    socket.off('new-counts', onCounts);
    socket.off('connect', onConnect);
  };
}

/**
 * The signed-in member's new matches and flirts (since she last opened each list): loaded once,
 * then kept live by the server's `new-counts` event, as the unread count is (lib/unread.ts); a
 * reconnect loads them again, since events sent while offline are lost.
 */
export function useNewCounts(): NewCounts {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.newCounts(), queryFn: () => call(swipesEndpoints.newCounts) });

  useEffect(() => followNewCounts(connectSocket(), queryClient), [queryClient]);

  return query.data ?? NONE;
}

/**
 * The page of `list` is open: what is in it is seen, now and whenever something new arrives while
 * it stays open (the server keeps the mark, so other devices clear too).
 */
export function useMarkSeen(list: SeenList): void {
  const queryClient = useQueryClient();
  const hasNew = useNewCounts()[list] > 0;
  const marked = useRef(false);
  useEffect(() => {
    // Once on opening, then only for something new (not again for the zero the mark itself brings).
    if (marked.current && !hasNew) return;
    // Something new while the page is open: the list loads again, so what the mark calls seen is shown (red team, session 60).
    if (marked.current) void queryClient.invalidateQueries({ queryKey: LIST_KEYS[list]() });
    marked.current = true;
    let current = true;
    call(swipesEndpoints.markSeen, { body: { list } }).then(
      (counts) => {
        if (current) queryClient.setQueryData(queryKeys.newCounts(), counts);
      },
      // A failed mark leaves the badge; the next visit marks again.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [list, hasNew, queryClient]);
}
