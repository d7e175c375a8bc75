import type { ChatMessage } from '@funkeln/contracts/messages';
import type { MessageRow } from './messages.repo.js';

/**
 * `hideReadOf`: a member whose sent messages show no read time (the reader sends no read receipts).
 * `viewerId`: who reads it; the screening's findings (`safety`) go to its recipient only, and only
 * when there are some, so the sender cannot tell a flagged message from another (docs/SAFETY.md).
 */
export function presentMessage(m: MessageRow, hideReadOf?: string, viewerId?: string): ChatMessage {
  const safety = viewerId !== undefined && viewerId === m.recipient_id && (m.nudge !== null || m.scam_hint !== null) ? { askIfBothered: m.nudge !== null, hint: m.scam_hint } : undefined;
  return {
    id: m.id,
    clientId: m.client_id,
    senderId: m.sender_id,
    recipientId: m.recipient_id,
    body: m.body,
    prepaidReply: m.prepaid_reply,
    prepaidReserved: Number(m.reserved),
    createdAt: m.created_at.toISOString(),
    readAt: m.sender_id === hideReadOf ? null : (m.read_at?.toISOString() ?? null),
    ...(safety ? { safety } : {}),
  };
}

/** The same message as its sender sees it (the recipient's view without the screening's findings). */
export function senderView({ safety: _safety, ...message }: ChatMessage): ChatMessage {
  return message;
}

/** What a conversation's paging token seals: the oldest message of the page, [createdAt, id]. */
export function pageKey(m: MessageRow): [string, string] {
  return [m.created_at.toISOString(), m.id];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * undefined for anything but pageKey's exact form: a canonical time from 1970 to 9999 (JavaScript
 * dates reach years PostgreSQL refuses) and a UUID. The token is sealed; this guards what it holds.
 */
export function parsePageKey(value: unknown): { at: Date; id: string } | undefined {
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [iso, id] = value as unknown[];
  if (typeof iso !== 'string' || typeof id !== 'string' || !ISO_TIME.test(iso) || !UUID.test(id)) return undefined;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) || at.getTime() < 0 || at.toISOString() !== iso ? undefined : { at, id };
}
