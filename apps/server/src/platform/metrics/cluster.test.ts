import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { AggregatorRegistry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sample } from '../../../test/prometheus.js';
import { programArgs } from '../../../test/server-process.js';
import { createTestDb } from '../../../test/test-db.js';
import type { Db } from '../../db/client.js';
import { enqueueMail } from '../mail/outbox.repo.js';
import { clusterScrape, serveClusterMetrics, type PrimaryChannel, type WorkerChannel } from './cluster.js';
import { createMetrics, type Metrics } from './metrics.js';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterAll(() => drop());

/** A primary and one worker joined by an in-process channel instead of IPC. */
function wire(gather: () => Promise<string>, primaryAnswers = true) {
  const toPrimary = new EventEmitter();
  const toWorker = new EventEmitter();
  const worker: WorkerChannel = {
    send: (message) => toPrimary.emit('message', message),
    on: (event, listener) => toWorker.on(event, listener),
    off: (event, listener) => toWorker.off(event, listener),
  };
  const primary: PrimaryChannel = {
    on: (event, listener) =>
      toPrimary.on(event, (message: unknown) => {
        if (primaryAnswers) listener({ send: (answer, done) => (toWorker.emit('message', answer), done(null)) }, message);
      }),
  };
  serveClusterMetrics(primary, gather);
  return worker;
}

describe('cluster metrics', () => {
  it('sums per-process figures and counts database gauges once', async () => {
    // Two workers' containers on one database, as in a cluster.
    const workers: Metrics[] = [createMetrics(db), createMetrics(db)];
    for (const [i, m] of workers.entries()) {
      m.mailsSent.inc({ transport: 'smtp' }, i + 1);
      m.socketsOpen.inc(2);
      m.httpDuration.observe({ method: 'GET', route: '/api/feed', status_code: '200' }, 0.02);
      m.readOnlineFrom(() => 5);
    }
    await enqueueMail(db, { to: 'cluster@example.org', subject: 'Hallo', text: 'x', html: 'x' });
    const gather = async () => AggregatorRegistry.aggregate(await Promise.all(workers.map((m) => m.registry.getMetricsAsJSON()))).metrics();
    const [first] = workers as [Metrics, Metrics];
    const scrape = clusterScrape(first.registry, (err) => {
      throw err;
    }, wire(gather));

    const text = await scrape();
    expect(sample(text, 'funkeln_mails_sent_total', { transport: 'smtp' })).toBe(3);
    expect(sample(text, 'funkeln_sockets_open')).toBe(4);
    expect(sample(text, 'funkeln_http_request_duration_seconds_count', { method: 'GET', route: '/api/feed', status_code: '200' })).toBe(2);
    expect(sample(text, 'funkeln_online_members')).toBe(5);
    expect(sample(text, 'funkeln_mail_outbox_mails', { state: 'pending' })).toBe(1);
    expect(sample(text, 'funkeln_prepaid_escrows', { state: 'open' })).toBe(0);
    // The worker's own registry alone says otherwise, so the answer really came from the primary.
    expect(sample(await first.registry.metrics(), 'funkeln_mails_sent_total', { transport: 'smtp' })).toBe(1);
  });

  it('falls back to the worker’s own figures when the primary does not answer in time, or fails', async () => {
    const metrics = createMetrics(db);
    metrics.mailsSent.inc({ transport: 'dev' });
    const fallbacks: string[] = [];
    const silent = clusterScrape(metrics.registry, (err) => fallbacks.push(err.message), wire(async () => '', false), 100);
    expect(sample(await silent(), 'funkeln_mails_sent_total', { transport: 'dev' })).toBe(1);
    const failing = clusterScrape(metrics.registry, (err) => fallbacks.push(err.message), wire(() => Promise.reject(new Error('Operation timed out.'))));
    expect(sample(await failing(), 'funkeln_mails_sent_total', { transport: 'dev' })).toBe(1);
    expect(fallbacks).toEqual([expect.stringMatching(/no answer from the primary within 100 ms/), 'Operation timed out.']);
  });

  it('works across real node:cluster workers, each answering from its own registry', async () => {
    const cwd = fileURLToPath(new URL('../../..', import.meta.url));
    const child = spawn(process.execPath, programArgs('test/cluster-metrics-fixture.ts'), { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(sample(stdout, 'probe_requests_total')).toBe(2);
    expect(sample(stdout, 'probe_queue_depth')).toBe(7);
  }, 30_000);
});
