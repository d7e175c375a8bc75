import type { ChatMessage } from '@funkeln/contracts/messages';
import { EVIDENCE_MAX } from '@funkeln/contracts/safety';
import { de } from '../../i18n/de';
import type { EvidenceItem } from '../../lib/reports';

/** Messages of one sender closer together than this share one group (one time, tight corners). */
const GROUP_GAP_MS = 5 * 60 * 1000;

const weekdayDate = new Intl.DateTimeFormat('de-DE', { weekday: 'short', day: 'numeric', month: 'short' });
const weekdayDateYear = new Intl.DateTimeFormat('de-DE', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const clock = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' });
const dayMonth = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit' });

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
}

/** 'Heute', 'Gestern', else 'Mo., 16. Nov.' (with the year when it is not this year's). */
export function dayLabel(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (dayKey(date) === dayKey(now)) return de.messages.today;
  if (dayKey(date) === dayKey(daysBefore(now, 1))) return de.messages.yesterday;
  return (date.getFullYear() === now.getFullYear() ? weekdayDate : weekdayDateYear).format(date);
}

/** '14:05' */
export function clockTime(iso: string): string {
  return clock.format(new Date(iso));
}

/** For the conversation list: '14:05' today, 'Gestern', else '16.11.'. */
export function listTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (dayKey(date) === dayKey(now)) return clockTime(iso);
  if (dayKey(date) === dayKey(daysBefore(now, 1))) return de.messages.yesterday;
  return dayMonth.format(date);
}

export type ThreadItem =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: ChatMessage; mine: boolean; groupStart: boolean; groupEnd: boolean; read: boolean };

/**
 * The thread as drawn: a day separator before each new day, messages grouped per sender within
 * five minutes, and `read` on the last of my messages the member has read ('Gelesen').
 */
export function layoutThread(messages: ChatMessage[], memberId: string, now = new Date()): ThreadItem[] {
  const lastRead = messages.findLast((m) => m.senderId !== memberId && m.readAt !== null)?.id;
  const items: ThreadItem[] = [];
  messages.forEach((message, index) => {
    const previous = messages[index - 1];
    const next = messages[index + 1];
    const newDay = !previous || dayKey(new Date(previous.createdAt)) !== dayKey(new Date(message.createdAt));
    if (newDay) items.push({ kind: 'day', key: `day-${message.id}`, label: dayLabel(message.createdAt, now) });
    items.push({
      kind: 'message',
      key: message.id,
      message,
      mine: message.senderId !== memberId,
      groupStart: newDay || !sameGroup(previous, message),
      groupEnd: !next || !sameGroup(message, next) || dayKey(new Date(next.createdAt)) !== dayKey(new Date(message.createdAt)),
      read: message.id === lastRead,
    });
  });
  return items;
}

function sameGroup(earlier: ChatMessage | undefined, later: ChatMessage): boolean {
  return earlier !== undefined && earlier.senderId === later.senderId && Date.parse(later.createdAt) - Date.parse(earlier.createdAt) <= GROUP_GAP_MS;
}

/** The reported message and the ones before it (both directions), at most EVIDENCE_MAX (the server's bound), oldest first: what the report dialog lists. */
export function evidenceUpTo(messages: readonly ChatMessage[], memberId: string, messageId: string): EvidenceItem[] {
  const end = messages.findIndex((m) => m.id === messageId);
  if (end < 0) return [];
  return messages.slice(Math.max(0, end + 1 - EVIDENCE_MAX), end + 1).map((m) => ({ id: m.id, mine: m.senderId !== memberId, body: m.body, createdAt: m.createdAt }));
}
