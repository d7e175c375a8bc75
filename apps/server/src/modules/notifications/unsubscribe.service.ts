import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { EventBus } from '../../platform/events/events.js';
import { disableNotificationMail } from '../auth/index.js';
import type { NotificationKind } from './notification.js';
import type { UnsubscribeTokens } from './unsubscribe-tokens.js';

const badLink = () => new AppError('invalid_token', { params: { of: 'unsubscribe' } });

/** One-click unsubscribe (RFC 8058): looking at the link changes nothing, the POST switches the kind off. */
export class UnsubscribeService {
  constructor(
    private readonly db: Db,
    private readonly tokens: UnsubscribeTokens,
    private readonly events: EventBus,
  ) {}

  /** The kind the link would switch off; throws a German 400 for a link that is not ours. */
  async kindOf(token: string): Promise<NotificationKind> {
    return (await this.read(token)).kind;
  }

  /** Idempotent: switching off what is off already is fine. */
  async unsubscribe(token: string): Promise<NotificationKind> {
    const { memberId, kind } = await this.read(token);
    await this.db.transaction(async (tx) => {
      await disableNotificationMail(tx, memberId, kind);
      this.events.publishOnCommit(tx, 'users.changed', { userIds: [memberId] });
    });
    return kind;
  }

  private async read(token: string): Promise<{ memberId: string; kind: NotificationKind }> {
    const named = await this.tokens.verify(token);
    if (!named) throw badLink();
    return named;
  }
}
