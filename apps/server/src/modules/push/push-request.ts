import { Agent, request } from 'node:https';
import type { RequestDetails } from 'web-push';
import type { OutboundPolicy } from '../../platform/outbound/public-address.js';
import { publicLookup, type Resolve } from '../../platform/outbound/public-lookup.js';

/** How long one push may take: to connect (TCP and TLS), then for the whole answer. */
export interface PushTimeouts {
  connectMs: number;
  responseMs: number;
}

export const DEFAULT_PUSH_TIMEOUTS: PushTimeouts = { connectMs: 3_000, responseMs: 5_000 };

/**
 * The sender's https Agent: sockets only to addresses publicLookup checked (resolved once, no
 * second lookup), kept alive for the few big push services; `ca` adds a certificate to trust (tests).
 */
export function pushAgent(policy: OutboundPolicy, options: { ca?: string | undefined; resolve?: Resolve | undefined }): Agent {
  return new Agent({ keepAlive: true, maxSockets: 64, lookup: publicLookup(policy, options.resolve), ...(options.ca ? { ca: options.ca } : {}) });
}

/** POSTs a prepared Web Push request (web-push's generateRequestDetails); answers the status code. */
export function postPush(details: RequestDetails, agent: Agent, timeouts: PushTimeouts): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(details.endpoint), { method: details.method, headers: details.headers, agent });
    const deadline = (what: string, ms: number) => setTimeout(() => req.destroy(new Error(`${what} timed out after ${ms} ms`)), ms);
    let timer = deadline('connect', timeouts.connectMs);
    const connected = () => {
      clearTimeout(timer);
      timer = deadline('answer', timeouts.responseMs);
    };
    req.on('socket', (socket) => (req.reusedSocket ? connected() : socket.once('secureConnect', connected)));
    req.on('response', (res) => {
      resolve(res.statusCode ?? 0);
      res.resume(); // the body is not needed; the answer timer still ends one that never finishes
    });
    req.on('close', () => clearTimeout(timer));
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(details.body ?? undefined);
  });
}
