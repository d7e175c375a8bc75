import { describe, expect, it } from 'vitest';
import { errorMessage } from './errors.js';
import { count, credits, plural } from './plural.js';

describe('German plurals', () => {
  it("says '1 Punkt' but '0 Punkte' and '2 Punkte'", () => {
    expect([0, 1, 2, 21].map((n) => count(n, 'Punkt', 'Punkte'))).toEqual(['0 Punkte', '1 Punkt', '2 Punkte', '21 Punkte']);
    expect(plural(1, 'Foto', 'Fotos')).toBe('Foto');
    expect(credits(1)).toBe('1 Credit');
    expect(credits(10)).toBe('10 Credits');
  });

  it('counts in server messages too', () => {
    expect(errorMessage('free_credits_limit', { freeCap: 1, left: 0 })).toContain('höchstens 1 Credit pro Tag');
    expect(errorMessage('daily_limit', { perDay: 1 })).toContain('schon 1 Antwort geschrieben');
  });
});
