import { ECDH } from 'node:crypto';
import type { PushSubscriptionBody } from '@funkeln/contracts/push';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { outboundUrlRefusal, type OutboundPolicy } from '../../platform/outbound/public-address.js';
import { deleteSubscription, lockLiveSession, lockMember, pruneSubscriptions, upsertSubscription } from './push.repo.js';
import type { VapidKeys } from './vapid.js';

/** Devices per member (each is a push the sender makes); subscribing on one more forgets the oldest. */
const MAX_DEVICES = 5;

/** The browser's key must be a point on P-256, or every push to it would fail to encrypt. */
function isCurvePoint(key: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(key, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** Members opt devices in and out of Web Push; only their own devices, never another's. */
export class PushService {
  constructor(
    private readonly db: Db,
    private readonly vapid: VapidKeys,
    private readonly endpoints: OutboundPolicy,
  ) {}

  async publicKey(): Promise<{ publicKey: string }> {
    return { publicKey: (await this.vapid.get()).publicKey };
  }

  /** Stores the device for the member's session `sessionId`: it ends with that session. */
  async subscribe({ memberId, sessionId }: { memberId: string; sessionId: string }, body: PushSubscriptionBody): Promise<{ subscribed: boolean }> {
    // The endpoint is a URL the server will POST to: public https only (checked again on the resolved address when sending).
    if (outboundUrlRefusal(body.endpoint, this.endpoints)) throw new AppError('push_endpoint_refused');
    if (!isCurvePoint(body.keys.p256dh)) throw new AppError('invalid_key');
    await this.db.transaction(async (tx) => {
      await lockMember(tx, memberId);
      if (!(await lockLiveSession(tx, sessionId))) throw new AppError('unauthorized');
      await upsertSubscription(tx, { memberId, sessionId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth });
      await pruneSubscriptions(tx, memberId, MAX_DEVICES);
    });
    return { subscribed: true };
  }

  async unsubscribe(memberId: string, endpoint: string): Promise<{ subscribed: boolean }> {
    // Another member's endpoint is left alone and answered the same way: nothing to learn about it.
    await deleteSubscription(this.db, memberId, endpoint);
    return { subscribed: false };
  }
}
