import type { ChatMessage } from '@funkeln/contracts/messages';
import type { Queryable } from '../../db/client.js';
import { secondsFromNow, typed } from '../../db/kysely.js';
import { claimDue, type ClaimOptions, type Retention } from './outbox.repo.js';

/**
 * Domain events that must survive a crash: what each says happened, by ids only (a consumer reads
 * what it shows when it hears the event). Names as in migration 031's CHECK.
 */
export interface DurableEvents {
  /** Two members like each other (a, b: either order). */
  'match.created': { a: string; b: string };
  /** A message was stored. */
  'message.created': { messageId: string; senderId: string; recipientId: string };
  /** A flirt was sent that made no match: only the recipient is named (the sender stays anonymous). */
  'flirt.created': { recipientId: string };
}

export type DurableEventName = keyof DurableEvents;

/**
 * What the process that commits an event already holds about it, handed to the event's first
 * dispatch (in that process) in memory and never stored: the message as presented, so that the
 * realtime consumer need not read it again.
 */
export interface EventMemos {
  'match.created': undefined;
  'message.created': ChatMessage;
  'flirt.created': undefined;
}

/** Dispatched events go after a day, given-up ones (dead letters) after 7, as pushes: ids only, kept for a human to look. */
export const EVENT_RETENTION: Retention = { sentDays: 1, failedDays: 7 };

/**
 * The row of an event already claimed by its writer (its first attempt counted, under the lease):
 * the process that commits it dispatches it at once; should that process die first, the lease runs
 * out and any process claims it. A statement of the change may insert it itself (`payload` is the
 * JSON text of the event's payload; messages' insert does, to stay one statement).
 */
export function claimedEventValues(name: DurableEventName, payload: string, leaseSeconds: number) {
  return { name, payload, attempts: 1, locked_until: secondsFromNow(leaseSeconds) };
}

/** Writes an event already claimed by the writer (claimedEventValues); answers its id. */
export async function insertClaimedEvent(q: Queryable, name: DurableEventName, payload: DurableEvents[DurableEventName], leaseSeconds: number): Promise<number> {
  const row = await typed(q)
    .insertInto('event_outbox')
    .values(claimedEventValues(name, JSON.stringify(payload), leaseSeconds))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A claimed event, its payload as `record` wrote it for its name; the memo only on the first dispatch, in its writer. */
export interface DueEvent {
  id: number;
  attempts: number;
  name: DurableEventName;
  payload: DurableEvents[DurableEventName];
  memo?: EventMemos[DurableEventName];
}

/** Claims the next due event (a lease run out, a retry due): the one claim path of every outbox. */
export function claimDueEvent(q: Queryable, options: ClaimOptions): Promise<DueEvent | undefined> {
  return claimDue(q, 'event_outbox', options)
    .selectFrom('claimed as c')
    .innerJoin('event_outbox as e', 'e.id', 'c.id')
    .select(['c.id', 'c.attempts', 'e.name', 'e.payload'])
    .$castTo<DueEvent>() // jsonb: only insertClaimedEvent writes it, with the payload of its name
    .executeTakeFirst();
}
