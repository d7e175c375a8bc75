import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openCursor, sealCursor } from './sealed-cursor.js';

const key = randomBytes(32);
const id = '0b3c2f4e-8d1a-4c5b-9e6f-7a8b9c0d1e2f';

describe('sealCursor / openCursor', () => {
  it('opens what it sealed, in the same context only', () => {
    const token = sealCursor(key, [20415, 26780, id], 'feed\nviewer-a');
    expect(openCursor(key, token, 'feed\nviewer-a')).toEqual([20415, 26780, id]);
    expect(openCursor(key, token, 'feed\nviewer-b')).toBeUndefined();
    expect(openCursor(key, token, 'messages\nviewer-a')).toBeUndefined();
    expect(openCursor(randomBytes(32), token, 'feed\nviewer-a')).toBeUndefined();
  });

  it('carries nothing readable and differs every time (random IV)', () => {
    const a = sealCursor(key, [20415, 26780, id], 'c');
    const b = sealCursor(key, [20415, 26780, id], 'c');
    expect(a).not.toBe(b);
    for (const token of [a, b]) {
      const bytes = Buffer.from(token, 'base64url');
      expect(bytes.toString('latin1')).not.toMatch(/20415|26780|0b3c2f4e/);
      expect(bytes.includes(Buffer.from(id.replace(/-/g, ''), 'hex'))).toBe(false);
    }
  });

  it('gives the same length whatever the size of the numbers inside', () => {
    const lengths = [0, 7, 12_345, 1_234_567].map((distM) => sealCursor(key, [20415, distM, id], 'c').length);
    expect(new Set(lengths).size).toBe(1);
  });

  it('refuses tampered, truncated and garbage tokens', () => {
    const token = sealCursor(key, [1, 2, id], 'c');
    const bytes = Buffer.from(token, 'base64url');
    for (let i = 0; i < bytes.length; i += 7) {
      const flipped = Buffer.from(bytes);
      flipped[i] = (flipped[i] ?? 0) ^ 1;
      expect(openCursor(key, flipped.toString('base64url'), 'c'), `byte ${i}`).toBeUndefined();
    }
    for (const bad of [token.slice(0, -2), `${token}A`, '', 'kaputt', 'a'.repeat(200), Buffer.from('[1,2,"x"]').toString('base64url')]) {
      expect(openCursor(key, bad, 'c'), bad).toBeUndefined();
    }
  });
});
