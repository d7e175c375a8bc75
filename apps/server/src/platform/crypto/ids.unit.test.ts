import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './ids.js';

describe('timeOrderedId', () => {
  it('is a UUID of version 7 and variant 10 that the contracts accept', () => {
    const id = timeOrderedId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(z.uuid().safeParse(id).success).toBe(true);
  });

  it('carries its millisecond in the first 48 bits, so ids of later milliseconds sort after', () => {
    const at = Date.UTC(2026, 10, 29, 3, 14, 15, 926);
    expect(Number.parseInt(timeOrderedId(at).replace('-', '').slice(0, 12), 16)).toBe(at);
    const earlier = Array.from({ length: 50 }, () => timeOrderedId(at));
    const later = Array.from({ length: 50 }, () => timeOrderedId(at + 1));
    expect(earlier.every((a) => later.every((b) => a < b))).toBe(true);
  });

  it('keeps 74 random bits: ids of one millisecond differ', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => timeOrderedId(0)));
    expect(ids.size).toBe(1000);
  });
});
