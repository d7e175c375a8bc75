import { describe, expect, it } from 'vitest';
import { ageOn, berlinToday, nextBerlinMidnight } from './profiles.js';

describe('ageOn', () => {
  it('counts a year only once the birthday has come', () => {
    expect(ageOn('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageOn('1990-06-15', '2026-06-15')).toBe(36);
    expect(ageOn('1990-06-15', '2026-12-31')).toBe(36);
    expect(ageOn('1990-12-31', '2027-01-01')).toBe(36);
  });

  it('lets a 29 February child turn a year older on 1 March in common years', () => {
    expect(ageOn('2000-02-29', '2025-02-28')).toBe(24);
    expect(ageOn('2000-02-29', '2025-03-01')).toBe(25);
    expect(ageOn('2000-02-29', '2024-02-29')).toBe(24);
  });
});

describe('berlinToday', () => {
  it('is the calendar day in Europe/Berlin, not in UTC', () => {
    expect(berlinToday(new Date('2026-01-01T22:59:59Z'))).toBe('2026-01-01');
    expect(berlinToday(new Date('2026-01-01T23:00:00Z'))).toBe('2026-01-02');
    // Summer time: UTC+2.
    expect(berlinToday(new Date('2026-07-31T21:59:59Z'))).toBe('2026-07-31');
    expect(berlinToday(new Date('2026-07-31T22:00:00Z'))).toBe('2026-08-01');
  });
});

describe('nextBerlinMidnight', () => {
  it('is the start of the next Berlin day, in winter, in summer and across both clock changes', () => {
    const next = (at: string) => nextBerlinMidnight(new Date(at)).toISOString();
    expect(next('2026-01-01T12:00:00Z')).toBe('2026-01-01T23:00:00.000Z');
    expect(next('2026-01-01T22:59:59Z')).toBe('2026-01-01T23:00:00.000Z');
    expect(next('2026-01-01T23:00:00Z')).toBe('2026-01-02T23:00:00.000Z');
    expect(next('2026-07-31T10:00:00Z')).toBe('2026-07-31T22:00:00.000Z');
    // 29 March 2026: clocks go forward at 02:00; the next midnight is summer time's.
    expect(next('2026-03-28T12:00:00Z')).toBe('2026-03-28T23:00:00.000Z');
    expect(next('2026-03-29T12:00:00Z')).toBe('2026-03-29T22:00:00.000Z');
    // 25 October 2026: clocks go back at 03:00.
    expect(next('2026-10-24T12:00:00Z')).toBe('2026-10-24T22:00:00.000Z');
    expect(next('2026-10-25T12:00:00Z')).toBe('2026-10-25T23:00:00.000Z');
  });
});
