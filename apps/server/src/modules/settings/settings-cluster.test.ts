import { describe, expect, it } from 'vitest';
import { clustered, eventually, useClusterPair } from '../../../test/cluster.js';

// Settings are cached per process: a save on one process must apply on the other at once.
describe.runIf(clustered)('settings across two processes (PostgreSQL + Redis)', () => {
  const cluster = useClusterPair();

  it('a price saved on one process is the price on the other once the save has committed', async () => {
    expect(await cluster.two.c.settings.get('CREDIT_COST_PER_MESSAGE_MALE')).toBe(5); // now cached there
    await cluster.one.c.settings.update({ CREDIT_COST_PER_MESSAGE_MALE: '9' });
    await eventually(async () => (await cluster.two.c.settings.get('CREDIT_COST_PER_MESSAGE_MALE')) === 9);
    // Written around the service (no event): the cached copy is still used until its minute is up.
    await cluster.one.c.db.query("UPDATE settings SET value = '11' WHERE key = 'CREDIT_COST_PER_MESSAGE_MALE'");
    expect(await cluster.two.c.settings.get('CREDIT_COST_PER_MESSAGE_MALE')).toBe(9);
    // Once the process knows it missed events (its subscription dropped and came back), the copy goes.
    cluster.two.c.events.emit('cluster.resync', {});
    expect(await cluster.two.c.settings.get('CREDIT_COST_PER_MESSAGE_MALE')).toBe(11);
  });
});
