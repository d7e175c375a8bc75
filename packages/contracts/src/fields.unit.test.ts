import { describe, expect, it } from 'vitest';
import { FORBIDDEN_CHARS_MESSAGE, INT4_MAX, int4, queryInt, text } from './fields.js';

describe('text', () => {
  const single = text({ min: 1, max: 10 });
  const multi = text({ max: 20, multiline: true });

  it('refuses NUL, other control characters and lone surrogates with a German message', () => {
    for (const bad of ['a\u0000b', 'a\u0007', '\u001b[31m', 'a\u007f', 'a\u0085', 'a\ud800', '\udc00b', 'x\ud83d']) {
      for (const schema of [single, multi]) {
        const result = schema.safeParse(bad);
        expect(result.success, JSON.stringify(bad)).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(FORBIDDEN_CHARS_MESSAGE);
      }
    }
  });

  it('keeps line breaks and tabs only in multi-line text; emoji and combining marks everywhere', () => {
    expect(multi.parse(' Hallo\n\tdu 👋 ')).toBe('Hallo\n\tdu 👋');
    expect(single.safeParse('zwei\nZeilen').success).toBe(false);
    expect(single.parse('👩‍❤️‍💋‍👨')).toBe('👩‍❤️‍💋‍👨');
    expect(single.parse('Jose\u0301')).toBe('José');
  });

  it('counts length after trimming', () => {
    expect(single.safeParse('   ').success).toBe(false);
    expect(single.safeParse('x'.repeat(11)).success).toBe(false);
  });
});

describe('integers', () => {
  it('int4 stops at what a PostgreSQL integer column holds', () => {
    expect(int4(1).parse(INT4_MAX)).toBe(INT4_MAX);
    for (const bad of [INT4_MAX + 1, 2 ** 53, 0, 1.5, Number.NaN]) expect(int4(1).safeParse(bad).success, String(bad)).toBe(false);
  });

  it('queryInt takes decimal digits only', () => {
    expect(queryInt(1, 100).parse('42')).toBe(42);
    for (const bad of ['', ' 5', '1e2', '0x10', '-1', '101', 'NaN', '9'.repeat(20)]) expect(queryInt(1, 100).safeParse(bad).success, bad).toBe(false);
  });
});
