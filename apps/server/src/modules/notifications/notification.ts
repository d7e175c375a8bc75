import type { Queryable } from '../../db/client.js';

export type NotificationKind = 'match' | 'message' | 'flirt';

/** What happened to a member who is not online. */
export interface MemberNotification {
  kind: NotificationKind;
  /** The recipient. */
  memberId: string;
  /** The other member of a match or conversation; never set for a flirt (anonymous until the match). */
  otherId?: string;
  /** The domain event this tells of (event_outbox): a channel writes once per event, however often it is dispatched. */
  eventId?: number;
}

/**
 * A way to reach an offline member (e-mail, Web Push). The NotificationService calls `notify` for
 * each channel when the domain event is dispatched (after the commit; again after a crash or a
 * failed channel): a channel writes its own outbox rows (and marks) in one statement, so a
 * notification is enqueued whole or not at all without a transaction (BEGIN and COMMIT would be two
 * round trips more, and on PGlite hold its one connection in between), and delivery happens in that
 * channel's own job. The same event may come again, so a channel writes once per event (the
 * e-mail's mark; the push's `eventId` per device). A channel decides on its own settings, caps and
 * marks; a failing channel does not stop the others.
 */
export interface NotificationChannel<Prepared> {
  name: string;
  /**
   * Before notify: what it only reads (the member's address, the other's name, keys). Undefined
   * when the member cannot be reached this way (no device, no mails wanted): no write then.
   */
  prepare(n: MemberNotification): Promise<Prepared | undefined>;
  /** The channel's writes (outbox rows, marks), whole or not at all; true when something was enqueued. */
  notify(q: Queryable, n: MemberNotification, prepared: Prepared): Promise<boolean>;
  /** After notify enqueued something, e.g. to wake the channel's sender at once. */
  committed?(): void;
}
