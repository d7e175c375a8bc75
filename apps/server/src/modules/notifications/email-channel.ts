import type { Queryable } from '../../db/client.js';
import type { EventBus } from '../../platform/events.js';
import { enqueueMail } from '../../platform/mail/outbox.repo.js';
import { findMailContact, findShownMember } from '../auth/index.js';
import type { SettingsService } from '../settings/index.js';
import type { MemberNotification, NotificationChannel, NotificationKind } from './notification.js';
import { notificationMail } from './notification-mails.js';
import { claimMark, countMail, releaseMark } from './notifications.repo.js';
import { unsubscribePath, type UnsubscribeTokens } from './unsubscribe-tokens.js';

const PATH: Record<NotificationKind, (otherId: string) => string> = {
  match: () => '/matches',
  message: (otherId) => `/messages/${otherId}`,
  flirt: () => '/flirts',
};

/** What EmailChannel is built from (named, so no call site depends on an argument order). */
export interface EmailChannelDeps {
  settings: SettingsService;
  tokens: UnsubscribeTokens;
  events: EventBus;
  publicUrl: string;
}

/**
 * German mail through the outbox: at most one per conversation (per other member; all flirts
 * count as one) until the member comes back, and at most NOTIFICATION_MAILS_PER_DAY a day.
 */
export class EmailChannel implements NotificationChannel {
  readonly name = 'email';

  private readonly settings: SettingsService;
  private readonly tokens: UnsubscribeTokens;
  private readonly events: EventBus;
  private readonly publicUrl: string;

  constructor(deps: EmailChannelDeps) {
    this.settings = deps.settings;
    this.tokens = deps.tokens;
    this.events = deps.events;
    this.publicUrl = deps.publicUrl;
  }

  async prepare(): Promise<boolean> {
    await this.tokens.ready();
    return true;
  }

  async notify(tx: Queryable, n: MemberNotification): Promise<void> {
    // The address to mail about this kind, if the member wants such mails (master and kind switch on).
    const recipient = await findMailContact(tx, n.userId);
    if (!recipient?.wants[n.kind]) return;
    const other = n.kind === 'flirt' ? undefined : n.otherId;
    const otherName = other === undefined ? undefined : (await findShownMember(tx, other))?.name;
    if (n.kind !== 'flirt' && otherName === undefined) return;
    const subject = other ?? 'flirt';
    if (!(await claimMark(tx, n.userId, subject))) return;
    if (!(await countMail(tx, n.userId, await this.settings.get('NOTIFICATION_MAILS_PER_DAY', tx)))) {
      // Over the cap: this conversation has not been mailed about, so tomorrow it may be.
      await releaseMark(tx, n.userId, subject);
      return;
    }
    const token = await this.tokens.sign(n.userId, n.kind);
    const mail = notificationMail({
      kind: n.kind,
      to: recipient.email,
      name: recipient.name,
      otherName,
      link: this.publicUrl + PATH[n.kind](other ?? ''),
      unsubscribeUrl: this.publicUrl + unsubscribePath(token),
      settingsUrl: `${this.publicUrl}/settings`,
    });
    await enqueueMail(tx, mail);
  }

  committed(): void {
    this.events.emit('mail.enqueued', {});
  }
}
