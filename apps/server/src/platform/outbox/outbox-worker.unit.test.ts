import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from './outbox-worker.js';

describe('retryDelaySeconds', () => {
  it('backs off exponentially, caps at an hour and gives up after 12 attempts', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([10, 20, 40, 80]);
    expect(retryDelaySeconds(11)).toBe(3600);
    expect(retryDelaySeconds(12)).toBeNull();
  });
});
