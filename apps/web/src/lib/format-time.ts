import { de } from '../i18n/de';

const relative = new Intl.RelativeTimeFormat('de', { numeric: 'auto' });
const longDate = new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeStyle: 'short' });
const shortDate = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium' });
const shortDateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['year', 365 * 24 * 60 * 60],
];

/** 'gerade eben', 'vor 5 Minuten', 'gestern', 'vor 3 Wochen' … for a past ISO time. */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (!Number.isFinite(seconds) || seconds < 60) return de.common.justNow;
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  let size = 60;
  for (const [stepUnit, stepSize] of STEPS) {
    if (seconds < stepSize) break;
    unit = stepUnit;
    size = stepSize;
  }
  return relative.format(-Math.floor(seconds / size), unit);
}

/** '12. März 2025' */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date);
}

/** '12. März 2025 um 14:05', for titles. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

/** '12.03.2025' */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : shortDate.format(date);
}

/** '12.03.2025, 14:05', for lists of bookings and messages. */
export function formatShortDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : shortDateTime.format(date);
}
