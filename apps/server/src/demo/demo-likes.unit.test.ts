import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { demoLikesBack } from './demo-likes.js';

describe('demoLikesBack', () => {
  it('answers about one like in three over many pairs', () => {
    const demo = Array.from({ length: 60 }, () => randomUUID());
    const members = Array.from({ length: 60 }, () => randomUUID());
    const answers = members.flatMap((m) => demo.map((d) => demoLikesBack(m, d)));
    const ratio = answers.filter(Boolean).length / answers.length;
    expect(ratio).toBeGreaterThan(0.3);
    expect(ratio).toBeLessThan(0.37);
  });

  it('gives the same answer for the same pair, and depends on both members', () => {
    const demo = randomUUID();
    const members = Array.from({ length: 50 }, () => randomUUID());
    expect(members.map((m) => demoLikesBack(m, demo))).toEqual(members.map((m) => demoLikesBack(m, demo)));
    expect(new Set(members.map((m) => demoLikesBack(m, demo))).size).toBe(2);
  });
});
