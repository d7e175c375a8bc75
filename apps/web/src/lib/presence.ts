import { presenceEvent } from '@funkeln/contracts/realtime';
import { useSyncExternalStore } from 'react';
import type { AppSocket } from './socket';

let online = 0;
const listeners = new Set<() => void>();

/** Keeps the 'Gerade online' count in step with the server's presence events. */
export function trackPresence(socket: AppSocket): void {
  socket.on('presence', (event) => {
    const parsed = presenceEvent.safeParse(event);
    if (!parsed.success || parsed.data.online === online) return;
    online = parsed.data.online;
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOnlineCount(): number {
  return useSyncExternalStore(subscribe, () => online);
}
