import type { Db } from '../src/db/client.js';
import { createNode, type TestApp } from './harness.js';

/**
 * Two app instances, each with its own database pool, caches and Redis connections, as two server
 * processes would have; only PostgreSQL + Redis make that a real deployment (the CI pass sets both).
 */
export const clustered = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_REDIS_URL);

/** An app node with its own pool, caches and Redis connections, once it hears the other's events. */
export async function startClusterNode(shared: { db: Db; url: string | undefined }, prefix: string): Promise<TestApp> {
  const node = await createNode(shared, { REDIS_PREFIX: prefix });
  await eventually(() => node.c.events.clustered);
  return node;
}

/** Polls until the check holds (events cross Redis asynchronously); fails after 5 s. */
export async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met within 5 s');
}
