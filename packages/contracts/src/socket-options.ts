// Zod-free on purpose: the web app's socket (on the landing page) imports these without zod.

export const SOCKET_PATH = '/ws';
/** Spec 9: reconnection delay 1 s up to 5 s, randomization 0.5, connect timeout 20 s. */
export const socketReconnect = {
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
} as const;
