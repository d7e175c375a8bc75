import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it("goes back to where the guard sent the member from, with query and hash", () => {
    expect(redirectTarget({ from: { pathname: '/messages/42', search: '?x=1', hash: '#end' } }, '/wallet')).toBe('/messages/42?x=1#end');
  });

  it('falls back to ?next=, then to /discover', () => {
    expect(redirectTarget(null, '/digital-friend')).toBe('/digital-friend');
    expect(redirectTarget(undefined, null)).toBe('/discover');
    expect(redirectTarget({ from: { pathname: '/login' } }, null)).toBe('/discover');
  });

  it('never leaves the site', () => {
    for (const target of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(redirectTarget({ from: { pathname: target } }, target)).toBe('/discover');
    }
  });
});
