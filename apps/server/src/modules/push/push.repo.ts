import { sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { now, typed } from '../../db/kysely.js';
import { claimDue, type ClaimOptions } from '../../platform/outbox/outbox.repo.js';
import { liveSessionsQuery } from '../auth/index.js';

export interface SubscriptionInput {
  memberId: string;
  /** The session subscribing: the subscription ends with it (migration 030). */
  sessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Stores this device for the member's session; an endpoint subscribed before (by anyone) moves to this session. */
export async function upsertSubscription(q: Queryable, s: SubscriptionInput): Promise<void> {
  await typed(q)
    .insertInto('push_subscriptions')
    .values({ user_id: s.memberId, session_id: s.sessionId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet((eb) => ({
        user_id: eb.ref('excluded.user_id'),
        session_id: eb.ref('excluded.session_id'),
        p256dh: eb.ref('excluded.p256dh'),
        auth: eb.ref('excluded.auth'),
        created_at: now(),
      })),
    )
    .execute();
}

/** Holds the member's row until the transaction ends, so their subscribes take turns (the device cap stays exact). */
export async function lockMember(q: Queryable, memberId: string): Promise<void> {
  await typed(q).selectFrom('users').select('id').where('id', '=', memberId).forUpdate().execute();
}

/**
 * Whether the session is still live, holding its row (FOR SHARE) until the transaction ends: a
 * logout or "überall abmelden" (UPDATE … revoked_at, whose trigger deletes the session's
 * subscriptions) waits for a subscribe in flight, or the subscribe sees the session revoked.
 */
export async function lockLiveSession(q: Queryable, sessionId: string): Promise<boolean> {
  const row = await typed(q).selectFrom('sessions').select('id').where('id', '=', sessionId).where('revoked_at', 'is', null).forShare().executeTakeFirst();
  return row !== undefined;
}

/** Keeps the member's newest `keep` devices. */
export async function pruneSubscriptions(q: Queryable, memberId: string, keep: number): Promise<void> {
  await typed(q)
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', memberId)
    .where('id', 'not in', (eb) =>
      eb.selectFrom('push_subscriptions').select('id').where('user_id', '=', memberId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(keep),
    )
    .execute();
}

/** Removes the endpoint only if it is the member's; true when it was. */
export async function deleteSubscription(q: Queryable, memberId: string, endpoint: string): Promise<boolean> {
  const rows = await typed(q).deleteFrom('push_subscriptions').where('user_id', '=', memberId).where('endpoint', '=', endpoint).returning('id').execute();
  return rows.length > 0;
}

export async function deleteSubscriptionById(q: Queryable, id: number): Promise<void> {
  await typed(q).deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** The other member's name, only when the member chose previews (null otherwise or without an other member). */
export async function previewNameOf(q: Queryable, memberId: string, otherId: string | undefined): Promise<string | null> {
  if (!otherId) return null;
  const row = await typed(q)
    .selectFrom('users as u')
    .innerJoin('users as o', (j) => j.on('o.id', '=', otherId))
    .select('o.display_name as name')
    .where('u.id', '=', memberId)
    .where('u.push_previews', '=', true)
    .executeTakeFirst();
  return row?.name ?? null;
}

/**
 * The member's devices that may get pushes: those whose session is live. A revoked session's are
 * gone already (migration 030's trigger); an expired one's wait for the daily session cleanup.
 */
function liveDevices(q: Queryable, memberId: string) {
  return typed(q)
    .selectFrom('push_subscriptions')
    .where('user_id', '=', memberId)
    .where('session_id', 'in', liveSessionsQuery(q));
}

export async function hasDevice(q: Queryable, memberId: string): Promise<boolean> {
  return (await liveDevices(q, memberId).select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * A push to each of the member's devices; answers how many were enqueued. With the event it tells
 * of, once per device: the same event again (dispatched once more after a crash) enqueues nothing.
 */
export async function enqueuePush(q: Queryable, memberId: string, payload: string, eventId?: number): Promise<number> {
  const result = await typed(q)
    .insertInto('push_outbox')
    .columns(['subscription_id', 'payload', 'event_id'])
    .expression(liveDevices(q, memberId).select(['id', sql.val(payload).as('payload'), sql.val(eventId ?? null).as('event_id')]))
    .onConflict((oc) => oc.columns(['event_id', 'subscription_id']).doNothing())
    .returning('id')
    .execute();
  return result.length;
}

/**
 * Claims one due push under a lease (the one claim path of every outbox). Each device gets its
 * pushes in order, one at a time: a push waits while an older one to the same device is out or
 * waiting for its retry, so a device that never answers holds one sender slot at most.
 */
export function claimDuePush(q: Queryable, options: ClaimOptions) {
  return claimDue(q, 'push_outbox', { ...options, serialBy: 'subscription_id' })
    .selectFrom('claimed as c')
    .innerJoin('push_outbox as o', 'o.id', 'c.id')
    .innerJoin('push_subscriptions as s', 's.id', 'o.subscription_id')
    .select(['c.id', 'o.subscription_id', 's.endpoint', 's.p256dh', 's.auth', 'o.payload', 'c.attempts'])
    .executeTakeFirst();
}

export type DuePush = NonNullable<Awaited<ReturnType<typeof claimDuePush>>>;
