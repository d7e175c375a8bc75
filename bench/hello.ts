/**
 * The box's own speed: a bare Fastify hello-world, the reference bench:feed compares the feed's
 * throughput with and bench:load prints beside its figures (the same 2-core box has measured
 * anywhere from 15,000 to 74,000 hello-world requests/s, so a figure means little without it).
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { runThroughput, type LoadResult } from './feed/load.js';

export const HELLO_CONNECTIONS = 16;

export async function startHello(): Promise<{ port: number; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { port: (app.server.address() as AddressInfo).port, close: () => app.close() };
}

/** Hello-world throughput at HELLO_CONNECTIONS keep-alive connections for `durationMs`, after a 2 s warm-up at 4. */
export async function helloThroughput(port: number, durationMs: number): Promise<LoadResult> {
  check(await runThroughput({ port, path: '/hello', headers: [{}], connections: 4, durationMs: 2000 }), 'hello warm-up');
  return check(await runThroughput({ port, path: '/hello', headers: [{}], connections: HELLO_CONNECTIONS, durationMs }), 'hello throughput');
}

/** The box's speed before a run: hello-world requests/s over 5 s on a server of its own (figures of runs on boxes of different speed are compared through it). */
export async function boxSpeed(): Promise<number> {
  const hello = await startHello();
  try {
    return (await helloThroughput(hello.port, 5000)).rps;
  } finally {
    await hello.close();
  }
}

/** The result, or an error when any request failed or answered other than 200. */
export function check(r: LoadResult, what: string): LoadResult {
  const bad = Object.entries(r.statuses).filter(([status]) => status !== '200');
  if (r.errors > 0 || bad.length > 0 || r.requests === 0) {
    throw new Error(`${what}: ${r.requests} requests, ${r.errors} errors, statuses ${JSON.stringify(r.statuses)}`);
  }
  return r;
}
