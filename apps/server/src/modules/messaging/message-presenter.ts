import type { ChatMessage } from '@funkeln/contracts/messages';
import type { MessageRow } from './messages.repo.js';

export function presentMessage(m: MessageRow): ChatMessage {
  return {
    id: m.id,
    clientId: m.client_id,
    senderId: m.sender_id,
    recipientId: m.recipient_id,
    body: m.body,
    prepaidReply: m.prepaid_reply,
    prepaidReserved: Number(m.reserved),
    createdAt: m.created_at.toISOString(),
    readAt: m.read_at?.toISOString() ?? null,
  };
}

export function encodeCursor(m: MessageRow): string {
  return Buffer.from(`${m.created_at.toISOString()}|${m.id}`).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * undefined for a cursor this server did not make: only encodeCursor's exact form passes, a
 * canonical time from 1970 to 9999 (JavaScript dates reach years PostgreSQL refuses) and a UUID.
 */
export function decodeCursor(cursor: string): { at: Date; id: string } | undefined {
  const [iso = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  const at = new Date(iso);
  if (rest.length > 0 || !ISO_TIME.test(iso) || Number.isNaN(at.getTime()) || at.getTime() < 0 || at.toISOString() !== iso) return undefined;
  return UUID.test(id) ? { at, id } : undefined;
}
