// Zod-free on purpose: the web app's socket (on the landing page) imports these without zod.

export const SOCKET_PATH = '/ws';
/** Spec 9: reconnection delay 1 s up to 5 s, randomization 0.5, connect timeout 20 s. */
export const socketReconnect = {
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
} as const;

/**
 * The presence event's rule without zod, for the landing page (which loads no zod): one
 * non-negative integer. realtime.unit.test.ts keeps it in step with the `presenceEvent` schema.
 */
export function isPresenceEvent(event: unknown): event is { online: number } {
  const value = typeof event === 'object' && event !== null ? (event as Record<string, unknown>).online : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
