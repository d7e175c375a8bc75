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
export interface NotificationChannel<Prepared> {
  name: string;
  /**
   * Before notify's transaction: what it only reads (the member's address, the other's name, keys),
   * each read a statement of its own: a transaction holds PGlite's one connection from its first
   * statement to its commit, also while the event loop gets to its next one. Undefined when the
   * member cannot be reached this way (no device, no mails wanted): no transaction then.
   */
  prepare(n: MemberNotification): Promise<Prepared | undefined>;
  /** The channel's writes (outbox rows, marks), whole or not at all. */
  notify(tx: Queryable, n: MemberNotification, prepared: Prepared): Promise<void>;
  /** After notify's transaction committed, e.g. to wake the channel's sender at once. */
  committed?(): void;
}
