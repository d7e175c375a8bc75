import { z } from 'zod';
import { id, text } from './fields.js';

/** A plan can be shared for dates from now up to this many days ahead. */
export const DATE_SHARE_MAX_DAYS_AHEAD = 60;
/** The link stops working this long after the date's start. */
export const DATE_SHARE_VALID_AFTER_HOURS = 12;
/** A member keeps at most this many active shares. */
export const MAX_ACTIVE_DATE_SHARES = 20;

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Berlin wall-clock time 'YYYY-MM-DDTHH:mm' (a datetime-local input) as the instant; null for an impossible date. */
export function berlinLocalToDate(local: string): Date | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  // Berlin is UTC+1 or +2: take the offset at the guess, then once more at the corrected instant.
  let instant = wall - berlinOffsetMs(wall);
  instant = wall - berlinOffsetMs(instant);
  return new Date(instant);
}

function berlinOffsetMs(instant: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - Math.floor(instant / 60_000) * 60_000;
}

/** The instant as a datetime-local value in Berlin time ('YYYY-MM-DDTHH:mm'). */
export function dateToBerlinLocal(d: Date): string {
  return new Date(d.getTime() + berlinOffsetMs(d.getTime())).toISOString().slice(0, 16);
}

/** "Samstag, 12. Dezember 2026 um 19:30 Uhr" (Berlin time). */
export function formatDateTimeBerlin(iso: string): string {
  const s = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
  return `${s} Uhr`;
}

/** POST /api/conversations/:memberId/date-shares: the plan to share (when: Berlin time). */
export const createDateShareBody = z.object({
  place: text({ min: 1, max: 120, required: 'Bitte gib an, wo ihr euch trefft.', tooShort: 'Bitte gib an, wo ihr euch trefft.', tooLong: 'Der Ort darf höchstens 120 Zeichen lang sein.' }),
  address: text({ max: 200, tooLong: 'Die Adresse darf höchstens 200 Zeichen lang sein.' }).default(''),
  startsAt: z.string({ error: 'Bitte gib an, wann ihr euch trefft.' }).regex(LOCAL, 'Bitte gib Datum und Uhrzeit an.'),
  note: text({ max: 500, multiline: true, tooLong: 'Die Notiz darf höchstens 500 Zeichen lang sein.' }).default(''),
  withPhoto: z.boolean().default(false),
});
export type CreateDateShareBody = z.input<typeof createDateShareBody>;

/** One of the member's shared plans (her own view: the link itself is shown only once, at creation). */
export const dateShare = z.object({
  id: z.string(),
  partnerName: z.string(),
  place: z.string(),
  address: z.string().nullable(),
  note: z.string().nullable(),
  startsAt: z.string(),
  expiresAt: z.string(),
  withPhoto: z.boolean(),
});
export type DateShare = z.infer<typeof dateShare>;
export const createDateShareResponse = dateShare.extend({ url: z.string() });
export type CreateDateShareResponse = z.infer<typeof createDateShareResponse>;
export const dateSharesResponse = z.object({ shares: z.array(dateShare) });
export type DateSharesResponse = z.infer<typeof dateSharesResponse>;
export const dateShareParams = z.object({ id: id('Ungültige ID.') });
/** The public page's token: a string of up to 100 characters (a malformed one is just an unknown link). */
export const dateSharePageParams = z.object({ token: z.string().max(100) });
