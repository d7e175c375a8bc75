import { describe, expect, it } from 'vitest';
import { PriorityGate } from './priority-gate.js';

describe('PriorityGate', () => {
  it('runs at most `limit` at once and lets priority tasks overtake waiting ones', async () => {
    const gate = new PriorityGate(1);
    const order: string[] = [];
    let release!: () => void;
    const first = gate.run(false, () => new Promise<void>((r) => (release = r)).then(() => void order.push('first')));
    const tasks = [
      gate.run(false, async () => void order.push('normal 1')),
      gate.run(false, async () => void order.push('normal 2')),
      gate.run(true, async () => void order.push('premium')),
    ];
    expect(gate.waiting).toBe(3);
    release();
    await Promise.all([first, ...tasks]);
    expect(order).toEqual(['first', 'premium', 'normal 1', 'normal 2']);
  });
});
