import { SOCKET_PATH, type PresenceEvent } from '@funkeln/contracts/realtime';
import { io, type Socket } from 'socket.io-client';

/** A socket.io client that remembers the last presence count it was told. */
export function connectClient(baseUrl: string, token?: string, headers?: Record<string, string>) {
  const socket: Socket = io(baseUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
    extraHeaders: headers,
  });
  let online = -1;
  socket.on('presence', (e: PresenceEvent) => {
    online = e.online;
  });
  return {
    socket,
    get online() {
      return online;
    },
    connected: () =>
      new Promise<void>((resolve, reject) => {
        if (socket.connected) return resolve();
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      }),
    /** Resolves when the latest presence count equals n (polls; fails after 10 s). */
    async seesOnline(n: number) {
      const until = Date.now() + 10_000;
      while (online !== n) {
        if (Date.now() > until) throw new Error(`expected online=${n}, last seen ${online}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => socket.close(),
  };
}
