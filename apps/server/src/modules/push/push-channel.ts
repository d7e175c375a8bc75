import type { Queryable } from '../../db/client.js';
import type { MemberNotification, NotificationChannel } from '../notifications/index.js';
import { pushPayloadFor } from './push-payload.js';
import { enqueuePush, hasDevice, previewNameOf } from './push.repo.js';

/** Web Push for offline members: one outbox row per device, sent by the PushSender. */
export class PushChannel implements NotificationChannel {
  readonly name = 'push';

  constructor(
    private readonly db: Queryable,
    private readonly wakeSender: () => void,
  ) {}

  /** Most members have no device: one read outside any transaction tells. */
  prepare(n: MemberNotification): Promise<boolean> {
    return hasDevice(this.db, n.userId);
  }

  async notify(tx: Queryable, n: MemberNotification): Promise<void> {
    const otherName = n.kind === 'flirt' ? null : await previewNameOf(tx, n.userId, n.otherId);
    await enqueuePush(tx, n.userId, JSON.stringify(pushPayloadFor(n, otherName)));
  }

  committed(): void {
    this.wakeSender();
  }
}
