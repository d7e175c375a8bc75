import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { avatarSvg, avatarTraits, renderAvatar } from './avatar.js';
import { createRng } from './random.js';

describe('renderAvatar', () => {
  it('is deterministic: the same seed gives the same bytes', async () => {
    const [a, b] = await Promise.all([renderAvatar(42, 'female'), renderAvatar(42, 'female')]);
    expect(a.equals(b)).toBe(true);
  });

  it('gives different seeds different pictures', async () => {
    const images = await Promise.all([renderAvatar(1, 'male'), renderAvatar(2, 'male'), renderAvatar(3, 'diverse')]);
    expect(new Set(images.map((i) => i.toString('base64'))).size).toBe(3);
  });

  it('is an 800×800 JPEG', async () => {
    const meta = await sharp(await renderAvatar(7, 'diverse')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 800, 800]);
  });

  it('varies a lot: hair styles, skin tones, glasses, beards over a hundred seeds', () => {
    const genders = ['female', 'male', 'diverse'] as const;
    const traits = Array.from({ length: 120 }, (_, i) => avatarTraits(i + 1, genders[i % 3] ?? 'female'));
    expect(new Set(traits.map((t) => t.style)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(traits.map((t) => t.skin)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(traits.map((t) => t.hair)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(traits.map((t) => t.face.eyes)).size).toBe(4);
    expect(traits.some((t) => t.face.glasses !== 'none')).toBe(true);
    expect(traits.some((t) => t.face.beard !== 'none')).toBe(true);
    expect(traits.filter((_, i) => genders[i % 3] !== 'male').every((t) => t.face.beard === 'none')).toBe(true);
    const svgs = Array.from({ length: 60 }, (_, i) => avatarSvg(i + 1, genders[i % 3] ?? 'female'));
    expect(new Set(svgs).size).toBe(60);
  });

  it('is well-formed SVG with no external references', () => {
    const svg = avatarSvg(99, 'female');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toMatch(/href|url\((?!#)/);
  });
});

describe('createRng', () => {
  it('repeats for a seed and differs between seeds', () => {
    const seq = (seed: number) => Array.from({ length: 5 }, createRng(seed).next);
    expect(seq(5)).toEqual(seq(5));
    expect(seq(5)).not.toEqual(seq(6));
  });

  it('stays within its ranges', () => {
    const rng = createRng(1);
    for (let i = 0; i < 1000; i++) {
      const v = rng.int(19, 55);
      expect(v).toBeGreaterThanOrEqual(19);
      expect(v).toBeLessThanOrEqual(55);
    }
  });
});
