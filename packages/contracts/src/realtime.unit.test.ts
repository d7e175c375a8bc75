import { describe, expect, it } from 'vitest';
import { presenceEvent } from './realtime.js';
import { isPresenceEvent } from './socket-options.js';

describe('presence event rule without zod', () => {
  it('accepts and refuses exactly what the presenceEvent schema does', () => {
    const samples: unknown[] = [
      { online: 0 },
      { online: 12 },
      { online: 12, extra: true },
      { online: -1 },
      { online: 1.5 },
      { online: '3' },
      { online: Number.NaN },
      { online: Number.POSITIVE_INFINITY },
      {},
      null,
      undefined,
      3,
      'online',
      [],
    ];
    for (const sample of samples) expect(isPresenceEvent(sample), JSON.stringify(sample)).toBe(presenceEvent.safeParse(sample).success);
  });
});
