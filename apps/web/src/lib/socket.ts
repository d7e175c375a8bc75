import type { ClientToServerEvents, ServerToClientEvents } from '@funkeln/contracts/realtime';
import { SOCKET_PATH, socketReconnect } from '@funkeln/contracts/socket-options';
import { io, type Socket } from 'socket.io-client';
import { getToken, subscribeToken } from './token-storage';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | undefined;

/**
 * One socket for the whole app, anonymous or with the session token. The handshake reads the
 * token on every (re)connect; a login or logout forces a fresh handshake with the new identity.
 */
export function connectSocket(): AppSocket {
  if (socket) return socket;
  let usedToken = getToken();
  const created: AppSocket = io({
    path: SOCKET_PATH,
    ...socketReconnect,
    // WebSocket first: a closed tab then ends its presence at once, where a long-polling client
    // lingers until the ping timeout. Polling stays as the fallback for networks without WebSocket.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    auth: (cb) => {
      usedToken = getToken();
      cb(usedToken ? { token: usedToken } : {});
    },
  });
  subscribeToken(() => {
    if (getToken() === usedToken) return;
    created.disconnect().connect();
  });
  socket = created;
  return created;
}
