/**
 * Loopback HTTP load generator for bench/feed, run in a worker thread (see load.ts) so that the
 * client has an event loop of its own beside the server's. `connections` keep-alive sockets each
 * send one request, read the whole response and send the next, for a fixed time; the worker posts
 * back every request's latency.
 *
 * Plain JavaScript on purpose: on Node 20 a worker thread cannot load a .ts entry through tsx.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/** @typedef {{ port: number; path: string; headers: Record<string, string>[]; connections: number; durationMs: number }} Spec */

/** @param {Spec} spec */
async function run(spec) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  /** @type {number[]} */
  const latencies = [];
  /** @type {Record<string, number>} */
  const statuses = {};
  let errors = 0;
  let bytes = 0;
  let turn = 0;
  const once = (headers) =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = http.request({ host: '127.0.0.1', port: spec.port, path: spec.path, headers, agent }, (res) => {
        res.on('data', (chunk) => {
          bytes += chunk.length;
        });
        res.on('end', () => {
          latencies.push(performance.now() - t0);
          const key = String(res.statusCode);
          statuses[key] = (statuses[key] ?? 0) + 1;
          resolve();
        });
        res.on('error', () => {
          errors += 1;
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
  const started = performance.now();
  const until = started + spec.durationMs;
  await Promise.all(
    Array.from({ length: spec.connections }, async () => {
      while (performance.now() < until) {
        const headers = spec.headers[turn++ % spec.headers.length] ?? {};
        await once(headers);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies: Float64Array.from(latencies), statuses, errors, bytes, seconds };
}

const result = await run(workerData);
parentPort?.postMessage(result, [result.latencies.buffer]);
