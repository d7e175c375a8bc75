import type { Db } from '../../db/client.js';
import { BackgroundWork } from '../../platform/background.js';
import type { EventBus } from '../../platform/events.js';
import type { MemberNotification, NotificationChannel } from './notification.js';
import { clearMarks } from './notifications.repo.js';

/** Whether a member has a socket open in any process (the realtime gateway). */
export interface OnlineCheck {
  isOnline(userId: string): Promise<boolean>;
}

const NOBODY_ONLINE: OnlineCheck = { isOnline: async () => false };

/**
 * Tells offline members about a new match, message or flirt through every channel. It hears the
 * process-local domain events, which only the process that committed the change emits, so each
 * notification is produced once across the cluster. Each channel writes in a statement of its own,
 * so one failing channel neither loses nor repeats the others' work.
 */
export class NotificationService {
  private readonly channels: NotificationChannel<unknown>[] = [];
  private readonly background: BackgroundWork;
  private readonly subscriptions: (() => void)[];
  private presence = NOBODY_ONLINE;

  constructor(
    private readonly db: Db,
    events: EventBus,
    private readonly log: { error(obj: object, msg: string): void },
  ) {
    this.background = new BackgroundWork((err) => this.log.error({ err }, 'notification failed'));
    this.subscriptions = [
      events.on('match.created', ({ deliveries }) => {
        for (const d of deliveries) this.background.track(this.deliver({ kind: 'match', userId: d.userId, otherId: d.match.userId }));
      }),
      events.on('message.created', ({ message }) => {
        if (message.recipientId && message.senderId) this.background.track(this.deliver({ kind: 'message', userId: message.recipientId, otherId: message.senderId }));
      }),
      events.on('flirt.created', ({ recipientId }) => this.background.track(this.deliver({ kind: 'flirt', userId: recipientId }))),
      events.on('member.connected', ({ userId }) => this.background.track(clearMarks(this.db, userId))),
    ];
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

  /** Resolves once every notification heard so far is handled (tests, shutdown). */
  idle(): Promise<void> {
    return this.background.idle();
  }

  async close(): Promise<void> {
    for (const unsubscribe of this.subscriptions) unsubscribe();
    await this.idle();
  }

  private async deliver(n: MemberNotification): Promise<void> {
    if (await this.presence.isOnline(n.userId)) return;
    for (const channel of this.channels) {
      try {
        const prepared = await channel.prepare(n);
        if (prepared === undefined) continue;
        if (await channel.notify(this.db, n, prepared)) channel.committed?.();
      } catch (err) {
        this.log.error({ err, channel: channel.name, kind: n.kind }, 'notification failed');
      }
    }
  }
}
