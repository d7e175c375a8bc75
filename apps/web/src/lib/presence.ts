import type { PresenceEvent } from '@funkeln/contracts/realtime';
import { useSyncExternalStore } from 'react';
import type { AppSocket } from './socket';

let online = 0;
const listeners = new Set<() => void>();

/**
 * The contract's presenceEvent, checked by hand: this runs on the landing page, which does not
 * load zod (see docs/ARCHITECTURE.md, Web app). One non-negative integer field.
 */
function isPresenceEvent(event: unknown): event is PresenceEvent {
  const value = typeof event === 'object' && event !== null ? (event as Record<string, unknown>).online : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

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
