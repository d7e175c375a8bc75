import { ABOUT_PREVIEW } from '@funkeln/contracts/feed';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aboutPreview } from './feed.service.js';

/** The rule as first written: split into code points (Array.from), cut at a word, '…'. */
function byCodePoints(text: string): string {
  const chars = Array.from(text);
  if (chars.length <= ABOUT_PREVIEW) return text;
  const cut = chars.slice(0, ABOUT_PREVIEW - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space >= ABOUT_PREVIEW / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

describe('aboutPreview', () => {
  it('cuts as splitting into code points would, for any text (pairs, lone surrogates, spaces)', () => {
    const unit = fc.oneof(fc.constantFrom(' ', 'a', 'ä', '😀', '\ud83d', '\ude00', 'ß '), fc.string({ unit: 'grapheme', maxLength: 2 }));
    const text = fc.array(unit, { minLength: 100, maxLength: 260 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (t) => {
        expect(aboutPreview(t)).toBe(byCodePoints(t));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps a text of exactly ABOUT_PREVIEW code points whole and cuts one more', () => {
    const emoji = '😀'.repeat(ABOUT_PREVIEW);
    expect(aboutPreview(emoji)).toBe(emoji);
    expect(aboutPreview(`${emoji}x`)).toBe(`${'😀'.repeat(ABOUT_PREVIEW - 1)}…`);
  });
});
