import { isPresenceEvent } from '@funkeln/contracts/socket-options';
import { useSyncExternalStore } from 'react';
import type { AppSocket } from './socket';

let online = 0;
const listeners = new Set<() => void>();

/** Keeps the 'Gerade online' count in step with the server's presence events. */
export function trackPresence(socket: AppSocket): void {
  socket.on('presence', (event: unknown) => {
    if (!isPresenceEvent(event) || event.online === online) return;
    online = event.online;
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
