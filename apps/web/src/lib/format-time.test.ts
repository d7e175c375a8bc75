import { describe, expect, it } from 'vitest';
import { de } from '../i18n/de';
import { formatDate, formatLongDate, formatRelative, formatShortDateTime } from './format-time';

const now = Date.parse('2026-03-12T14:05:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('formatRelative', () => {
  it('says "gerade eben" under a minute, for the future and for garbage', () => {
    expect(formatRelative(ago(30), now)).toBe(de.common.justNow);
    expect(formatRelative(ago(-600), now)).toBe(de.common.justNow);
    expect(formatRelative('kein Datum', now)).toBe(de.common.justNow);
  });

  it('counts in the largest whole unit', () => {
    expect(formatRelative(ago(5 * 60), now)).toBe('vor 5 Minuten');
    expect(formatRelative(ago(2 * 3600 + 59 * 60), now)).toBe('vor 2 Stunden');
    expect(formatRelative(ago(24 * 3600), now)).toBe('gestern');
    expect(formatRelative(ago(3 * 7 * 24 * 3600), now)).toBe('vor 3 Wochen');
    expect(formatRelative(ago(400 * 24 * 3600), now)).toBe('letztes Jahr');
  });
});

describe('dates', () => {
  it('formats German dates and leaves invalid ones empty', () => {
    expect(formatLongDate('2025-03-12T10:00:00Z')).toBe('12. März 2025');
    expect(formatDate('2025-03-12T10:00:00Z')).toBe('12.03.2025');
    expect(formatShortDateTime('2025-03-12T10:00:00')).toBe('12.03.2025, 10:00');
    expect(formatLongDate('nope')).toBe('');
  });
});
