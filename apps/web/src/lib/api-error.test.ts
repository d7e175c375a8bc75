import { describe, expect, it } from 'vitest';
import { ApiError, isTransient } from './api-error';

describe('isTransient', () => {
  it('retries by code: no answer or the server briefly failing, never a refusal', () => {
    expect(isTransient(new Error('boom'))).toBe(true);
    expect(isTransient(new ApiError(0, 'network_error', 'x'))).toBe(true);
    expect(isTransient(new ApiError(503, 'unavailable', 'x'))).toBe(true);
    expect(isTransient(new ApiError(500, 'internal_error', 'x'))).toBe(true);
    for (const code of ['not_found', 'validation_error', 'forbidden', 'suspended', 'rate_limited'] as const) {
      expect(isTransient(new ApiError(400, code, 'x')), code).toBe(false);
    }
  });
});
