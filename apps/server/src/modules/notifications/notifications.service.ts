import type { Db } from '../../db/client.js';
import { BackgroundWork } from '../../platform/concurrency/background.js';
import type { EventBus } from '../../platform/events/events.js';
import type { EventOutbox } from '../../platform/outbox/event-outbox.js';
import type { MemberNotification, NotificationChannel } from './notification.js';
import { clearMarks } from './notifications.repo.js';

/** Whether a member has a socket open in any process (the realtime gateway). */
export interface OnlineCheck {
  isOnline(memberId: string): Promise<boolean>;
}

const NOBODY_ONLINE: OnlineCheck = { isOnline: async () => false };

/**
 * Tells offline members about a new match, message or flirt through every channel. It hears the
 * durable domain events (platform/outbox: written with the change, dispatched after the commit,
 * again after a crash), so a notification survives the process that made the change. A channel that
 * fails makes the event go again after the backoff: the channels are idempotent per event (the
 * e-mail's mark, the push's event id), so the others write nothing twice.
 */
export class NotificationService {
  private readonly channels: NotificationChannel<unknown>[] = [];
  private readonly background: BackgroundWork;
  private readonly subscriptions: (() => void)[];
  private presence = NOBODY_ONLINE;

  constructor(
    private readonly db: Db,
    events: EventBus,
    private readonly outbox: EventOutbox,
    private readonly log: { error(obj: object, msg: string): void },
  ) {
    this.background = new BackgroundWork((err) => this.log.error({ err }, 'notification marks not cleared'));
    outbox.on('match.created', async ({ a, b }, { id }) => {
      await Promise.all([this.deliver({ kind: 'match', memberId: a, otherId: b, eventId: id }), this.deliver({ kind: 'match', memberId: b, otherId: a, eventId: id })]);
    });
    outbox.on('message.created', ({ senderId, recipientId }, { id }) => this.deliver({ kind: 'message', memberId: recipientId, otherId: senderId, eventId: id }));
    outbox.on('flirt.created', ({ recipientId }, { id }) => this.deliver({ kind: 'flirt', memberId: recipientId, eventId: id }));
    this.subscriptions = [events.on('member.connected', ({ memberId }) => this.background.track(clearMarks(this.db, memberId)))];
  }

  register<Prepared>(channel: NotificationChannel<Prepared>): void {
    this.channels.push(channel);
  }

  /** Without a gateway (no HTTP server) nobody can be online; returns the detach function. */
  watchPresence(check: OnlineCheck): () => void {
    this.presence = check;
    return () => {
      if (this.presence === check) this.presence = NOBODY_ONLINE;
    };
  }

  /** Resolves once every event dispatched so far is handled, and every mark cleared (tests). */
  async idle(): Promise<void> {
    await this.outbox.idle();
    await this.background.idle();
  }

  /** At shutdown: stops listening for returning members and finishes clearing their marks (the event outbox stops on its own). */
  async close(): Promise<void> {
    for (const unsubscribe of this.subscriptions) unsubscribe();
    await this.background.idle();
  }

  /** Every channel, each on its own; throws when one failed, after the others ran (the event goes again). */
  private async deliver(n: MemberNotification): Promise<void> {
    if (await this.presence.isOnline(n.memberId)) return;
    const failed: string[] = [];
    for (const channel of this.channels) {
      try {
        const prepared = await channel.prepare(n);
        if (prepared === undefined) continue;
        if (await channel.notify(this.db, n, prepared)) channel.committed?.();
      } catch (err) {
        this.log.error({ err, channel: channel.name, kind: n.kind }, 'notification failed');
        failed.push(`${channel.name}: ${(err as Error).message}`);
      }
    }
    if (failed.length > 0) throw new Error(`notification channels failed: ${failed.join('; ')}`);
  }
}
