/**
 * A real node:cluster with two workers, each with a registry of its own (as each worker's
 * container has): worker 1 scrapes through the primary and the primary prints what it got.
 */
import cluster, { type Worker } from 'node:cluster';
import { Counter, Gauge, Registry } from 'prom-client';
import { clusterScrape, serveClusterMetrics } from '../src/platform/metrics/cluster.js';

const WORKERS = 2;

if (cluster.isPrimary) {
  serveClusterMetrics();
  const workers: Worker[] = Array.from({ length: WORKERS }, () => cluster.fork());
  let ready = 0;
  cluster.on('message', (_worker, message: { ready?: boolean; result?: string }) => {
    if (message.ready && ++ready === WORKERS) workers[0]?.send({ go: true });
    if (message.result !== undefined) {
      process.stdout.write(message.result);
      for (const w of workers) w.kill();
    }
  });
} else {
  const registry = new Registry();
  new Counter({ name: 'probe_requests_total', help: 'one per worker', registers: [registry] }).inc();
  new Gauge({ name: 'probe_queue_depth', help: 'the same in every worker', aggregator: 'max', registers: [registry] }).set(7);
  const scrape = clusterScrape(registry, (err) => console.error(`fallback: ${err.message}`));
  process.on('message', (message: { go?: boolean }) => {
    if (message.go) void scrape().then((result) => process.send?.({ result }));
  });
  process.send?.({ ready: true });
}
