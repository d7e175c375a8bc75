import type { Queryable } from '../../db/client.js';
import type { MemberNotification, NotificationChannel } from '../notifications/index.js';
import { pushPayloadFor } from './push-payload.js';
import { enqueuePush, hasDevice, previewNameOf } from './push.repo.js';

/** Web Push for offline members: one outbox row per device, sent by the PushSender. */
export class PushChannel implements NotificationChannel<{ otherName: string | null }> {
  readonly name = 'push';

  constructor(
    private readonly db: Queryable,
    private readonly wakeSender: () => void,
  ) {}

  /** Most members have no device: one read outside any transaction tells; the preview's name is read there too. */
  async prepare(n: MemberNotification): Promise<{ otherName: string | null } | undefined> {
    if (!(await hasDevice(this.db, n.memberId))) return undefined;
    return { otherName: n.kind === 'flirt' ? null : await previewNameOf(this.db, n.memberId, n.otherId) };
  }

  async notify(q: Queryable, n: MemberNotification, { otherName }: { otherName: string | null }): Promise<boolean> {
    return (await enqueuePush(q, n.memberId, JSON.stringify(pushPayloadFor(n, otherName)), n.eventId)) > 0;
  }

  committed(): void {
    this.wakeSender();
  }
}
