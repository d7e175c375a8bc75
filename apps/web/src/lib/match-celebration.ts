import { matchEvent, type MatchItem } from '@funkeln/contracts/swipes';
import { useSyncExternalStore } from 'react';
import type { AppSocket } from './socket';

/** A like answer and the socket event report the same match; celebrate it once. */
const DUPLICATE_WINDOW_MS = 60_000;

let current: MatchItem | null = null;
const queue: MatchItem[] = [];
const celebrated = new Map<string, number>();
const listeners = new Set<() => void>();
const matchListeners = new Set<(match: MatchItem) => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Shows the 'Es hat gefunkt!' celebration for a new match (queued behind one already on screen). */
export function announceMatch(match: MatchItem): void {
  const now = Date.now();
  const last = celebrated.get(match.userId);
  if (last !== undefined && now - last < DUPLICATE_WINDOW_MS) return;
  celebrated.set(match.userId, now);
  for (const listener of matchListeners) listener(match);
  if (current) queue.push(match);
  else current = match;
  notify();
}

/** Closes the celebration; the next queued match, if any, takes its place. */
export function dismissMatch(): void {
  current = queue.shift() ?? null;
  notify();
}

/** Every match as it is announced, e.g. to refresh the matches list. */
export function onMatchAnnounced(listener: (match: MatchItem) => void): () => void {
  matchListeners.add(listener);
  return () => matchListeners.delete(listener);
}

/** The server's 'match' event reaches the member wherever they are in the app; returns the unsubscribe. */
export function trackMatches(socket: AppSocket): () => void {
  const onMatch = (event: unknown) => {
    const parsed = matchEvent.safeParse(event);
    if (parsed.success) announceMatch(parsed.data.match);
  };
  socket.on('match', onMatch);
  return () => {
    socket.off('match', onMatch);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The match being celebrated right now, or null. */
export function useCelebratedMatch(): MatchItem | null {
  return useSyncExternalStore(subscribe, () => current);
}
