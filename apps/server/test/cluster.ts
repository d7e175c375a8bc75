import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { ContainerOverrides } from '../src/container.js';
import type { Db } from '../src/db/client.js';
import { createNode, type TestApp } from './harness.js';
import { createTestDb } from './test-db.js';

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
export async function eventually(check: () => boolean | Promise<boolean>, { everyMs = 50, timeoutMs = 5000 } = {}): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() <= end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`condition not met within ${timeoutMs / 1000} s`);
}

export interface ClusterPair {
  readonly one: TestApp;
  readonly two: TestApp;
  /** Both nodes' REDIS_PREFIX. */
  readonly prefix: string;
}

/**
 * Two nodes on one fresh database and one Redis (their own key prefix) for the whole test file,
 * once each hears the other's events; closed after the file, before hooks registered earlier
 * (an SMTP or push server the setup uses). `setup` runs in beforeAll, after those hooks.
 */
export function useClusterPair(setup: () => { env?: Record<string, string>; overrides?: ContainerOverrides } = () => ({})): ClusterPair {
  let nodes: [TestApp, TestApp] | undefined;
  let drop: (() => Promise<void>) | undefined;
  const prefix = `c${randomBytes(4).toString('hex')}:`;
  beforeAll(async () => {
    const shared = await createTestDb();
    drop = shared.drop;
    const { env = {}, overrides = {} } = setup();
    // Started at the same moment, as a deployment's processes are (start-up races included).
    const [one, two] = (await Promise.all([1, 2].map(() => createNode(shared, { REDIS_PREFIX: prefix, ...env }, overrides)))) as [TestApp, TestApp];
    nodes = [one, two];
    await eventually(() => one.c.events.clustered && two.c.events.clustered);
  }, 60_000);
  afterAll(async () => {
    await nodes?.[0].close();
    await nodes?.[1].close();
    await drop?.();
  });
  const node = (i: 0 | 1) => {
    if (!nodes) throw new Error('useClusterPair: the nodes exist in tests, after beforeAll');
    return nodes[i];
  };
  return {
    prefix,
    get one() {
      return node(0);
    },
    get two() {
      return node(1);
    },
  };
}
