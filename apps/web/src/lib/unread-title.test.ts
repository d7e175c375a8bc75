import { describe, expect, it } from 'vitest';
import { titleWithUnread } from './unread-title';

describe('titleWithUnread', () => {
  it('puts the count in front of the title', () => {
    expect(titleWithUnread('Funkeln – Dating mit Funken', 3)).toBe('(3) Funkeln – Dating mit Funken');
  });

  it('replaces an earlier count instead of stacking them', () => {
    expect(titleWithUnread('(3) Funkeln', 12)).toBe('(12) Funkeln');
  });

  it('drops the count when nothing is unread', () => {
    expect(titleWithUnread('(3) Funkeln', 0)).toBe('Funkeln');
  });
});
