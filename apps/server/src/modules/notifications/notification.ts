import type { Queryable } from '../../db/client.js';

export type NotificationKind = 'match' | 'message' | 'flirt';

/** What happened to a member who is not online. */
export interface MemberNotification {
  kind: NotificationKind;
  /** The recipient. */
  userId: string;
  /** The other member of a match or conversation; never set for a flirt (anonymous until the match). */
  otherId?: string;
}

/**
 * A way to reach an offline member (e-mail, Web Push). The NotificationService calls `notify` for
 * each channel inside one transaction opened right AFTER the domain change committed, in the process
 * that made it: a channel writes its own outbox rows (and marks) through `tx`, so a notification is
 * enqueued whole or not at all, and delivery happens in that channel's own job. A channel decides on
 * its own settings, caps and marks; a failing channel does not stop the others (each runs in its
 * own transaction).
 */
export interface NotificationChannel {
  name: string;
  /**
   * Before notify's transaction: load what needs a query of its own (keys; PGlite's one connection
   * is busy inside), and say whether the member can be reached this way at all: false skips the
   * transaction (a member without a device costs one read, not a transaction on the one connection).
   */
  prepare?(n: MemberNotification): Promise<boolean>;
  notify(tx: Queryable, n: MemberNotification): Promise<void>;
  /** After notify's transaction committed, e.g. to wake the channel's sender at once. */
  committed?(): void;
}
