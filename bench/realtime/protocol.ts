/** Commands between bench/realtime.ts and its client processes (child_process IPC, 'advanced' serialization). */

export interface Member {
  id: string;
  token: string;
}

/** One message to send: from the sender's token to the recipient (whose socket this process holds). */
export interface Send {
  senderId: string;
  senderToken: string;
  recipientId: string;
}

export type Command =
  /** Connect one authenticated socket per member, `concurrency` handshakes at a time. */
  | { type: 'connect'; base: string; members: Member[]; concurrency: number }
  /** Answer 'armed' at once, then 'presence' when every socket has seen a `presence` event with exactly `online` (or after timeoutMs). */
  | { type: 'watch-presence'; online: number; timeoutMs: number }
  /**
   * Send the plan at ratePerSec and time each message until the recipient's socket gets it. With
   * `signals`, the sender's socket emits `typing` before each send and the recipient marks the
   * conversation read on arrival (read receipts and unread counts go out).
   */
  | { type: 'send'; base: string; plan: Send[]; ratePerSec: number; signals: boolean }
  | { type: 'disconnect' };

export type Reply =
  | { type: 'connected'; sockets: number; failed: number; ms: number }
  /** The watch is set: the parent may now cause the change. */
  | { type: 'armed' }
  /** process.hrtime.bigint() when the first and the last socket saw the count; `seen` sockets of `sockets`. */
  | { type: 'presence'; first: bigint; last: bigint; seen: number; sockets: number }
  /** Per message: ms until the recipient's socket had it, and ms until the HTTP answer was read. */
  | { type: 'sent'; latencies: Float64Array; answered: Float64Array; statuses: Record<string, number>; undelivered: number }
  | { type: 'disconnected' }
  | { type: 'error'; message: string };
