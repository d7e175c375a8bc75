import type { Db, Queryable } from '../../db/client.js';
import type { EventBus } from '../../platform/events/events.js';
import { findMailContact, findShownMember, type MailContact } from '../auth/index.js';
import type { SettingsService } from '../settings/index.js';
import type { MemberNotification, NotificationChannel, NotificationKind } from './notification.js';
import { notificationMail } from './notification-mails.js';
import { claimAndEnqueueMail, releaseMark } from './notifications.repo.js';
import { unsubscribePath, type UnsubscribeTokens } from './unsubscribe-tokens.js';

const PATH: Record<NotificationKind, (otherId: string) => string> = {
  match: () => '/matches',
  message: (otherId) => `/messages/${otherId}`,
  flirt: () => '/flirts',
};

/** What EmailChannel is built from (named, so no call site depends on an argument order). */
export interface EmailChannelDeps {
  db: Db;
  settings: SettingsService;
  tokens: UnsubscribeTokens;
  events: EventBus;
  publicUrl: string;
}

/** What a mail needs that is only read: the recipient's address and name, and the other member's name (none for a flirt). */
interface MailTo {
  recipient: MailContact;
  otherName: string | undefined;
}

/**
 * German mail through the outbox: at most one per conversation (per other member; all flirts
 * count as one) until the member comes back, and at most NOTIFICATION_MAILS_PER_DAY a day.
 */
export class EmailChannel implements NotificationChannel<MailTo> {
  readonly name = 'email';

  private readonly db: Db;
  private readonly settings: SettingsService;
  private readonly tokens: UnsubscribeTokens;
  private readonly events: EventBus;
  private readonly publicUrl: string;

  constructor(deps: EmailChannelDeps) {
    this.db = deps.db;
    this.settings = deps.settings;
    this.tokens = deps.tokens;
    this.events = deps.events;
    this.publicUrl = deps.publicUrl;
  }

  /** The address to mail about this kind, if the member wants such mails (master and kind switch on), and the other member's name. */
  async prepare(n: MemberNotification): Promise<MailTo | undefined> {
    await this.tokens.ready();
    const recipient = await findMailContact(this.db, n.memberId);
    if (!recipient?.wants[n.kind]) return undefined;
    if (n.kind === 'flirt') return { recipient, otherName: undefined };
    const otherName = n.otherId === undefined ? undefined : (await findShownMember(this.db, n.otherId))?.name;
    return otherName === undefined ? undefined : { recipient, otherName };
  }

  /**
   * One statement: the mark, the daily count and the outbox row together or not at all. The mail is
   * written before it is known to be sent (a repeated notification renders one it does not send).
   */
  async notify(q: Queryable, n: MemberNotification, { recipient, otherName }: MailTo): Promise<boolean> {
    const other = n.kind === 'flirt' ? undefined : n.otherId;
    const subject = other ?? 'flirt';
    const cap = await this.settings.get('NOTIFICATION_MAILS_PER_DAY');
    if (cap <= 0) return false;
    const token = await this.tokens.sign(n.memberId, n.kind);
    const mail = notificationMail({
      kind: n.kind,
      to: recipient.email,
      name: recipient.name,
      otherName,
      link: this.publicUrl + PATH[n.kind](other ?? ''),
      unsubscribeUrl: this.publicUrl + unsubscribePath(token),
      settingsUrl: `${this.publicUrl}/settings`,
    });
    const { marked, mailed } = await claimAndEnqueueMail(q, n.memberId, subject, cap, mail);
    // Over the cap: this conversation has not been mailed about, so tomorrow it may be.
    if (marked && !mailed) await releaseMark(q, n.memberId, subject);
    return mailed;
  }

  committed(): void {
    this.events.emit('mail.enqueued', {});
  }
}
