import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, type Registry } from 'prom-client';

const REQUEST = 'funkeln:metrics:request';
const RESPONSE = 'funkeln:metrics:response';
const TIMEOUT_MS = 5000;

interface ScrapeRequest {
  type: typeof REQUEST;
  id: string;
}
interface ScrapeResponse {
  type: typeof RESPONSE;
  id: string;
  metrics?: string;
  error?: string;
}

/** The primary's side of node:cluster this needs (tests wire it to an EventEmitter). */
export interface PrimaryChannel {
  on(event: 'message', listener: (worker: { send(message: ScrapeResponse, callback: (err: Error | null) => void): unknown }, message: unknown) => void): unknown;
}
/** A worker's IPC channel to the primary: `process` in a cluster worker. */
export interface WorkerChannel {
  send?(message: ScrapeRequest): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

const isRequest = (m: unknown): m is ScrapeRequest => typeof m === 'object' && m !== null && (m as ScrapeRequest).type === REQUEST;
const isResponse = (m: unknown): m is ScrapeResponse => typeof m === 'object' && m !== null && (m as ScrapeResponse).type === RESPONSE;

/**
 * For the cluster primary: answers a worker's scrape with every worker's metrics, aggregated by
 * prom-client (counters and histograms summed, gauges marked 'max' taken once).
 */
export function serveClusterMetrics(
  channel: PrimaryChannel = cluster,
  gather: () => Promise<string> = aggregateWorkers(),
): void {
  channel.on('message', (worker, message) => {
    if (!isRequest(message)) return;
    const reply = (answer: Omit<ScrapeResponse, 'type' | 'id'>) =>
      // A worker that died meanwhile cannot be told; the callback keeps that from being an 'error' event.
      worker.send({ type: RESPONSE, id: message.id, ...answer }, () => undefined);
    gather().then(
      (metrics) => reply({ metrics }),
      (err: unknown) => reply({ error: err instanceof Error ? err.message : String(err) }),
    );
  });
}

function aggregateWorkers(): () => Promise<string> {
  const aggregator = new AggregatorRegistry();
  return () => aggregator.clusterMetrics();
}

/**
 * For a cluster worker: prom-client answers the primary from this registry, and the returned
 * scrape asks the primary for the whole cluster's figures (5 s), falling back to this worker's own.
 */
export function clusterScrape(
  registry: Registry,
  onFallback: (err: Error) => void,
  channel: WorkerChannel = process,
  timeoutMs = TIMEOUT_MS,
): () => Promise<string> {
  // Constructing one installs prom-client's worker listener (once per process); setRegistries
  // makes it answer with this container's registry instead of the global one.
  void new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  return () =>
    askPrimary(channel, timeoutMs).catch((err: Error) => {
      onFallback(err);
      return registry.metrics();
    });
}

function askPrimary(channel: WorkerChannel, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const send = channel.send?.bind(channel);
    if (!send) return reject(new Error('no IPC channel to the cluster primary'));
    const id = randomUUID();
    const finish = (err: Error | undefined, metrics?: string) => {
      clearTimeout(timer);
      channel.off('message', listener);
      if (metrics !== undefined) resolve(metrics);
      else reject(err ?? new Error('no metrics'));
    };
    const listener = (message: unknown) => {
      if (!isResponse(message) || message.id !== id) return;
      finish(message.error === undefined ? undefined : new Error(message.error), message.metrics);
    };
    const timer = setTimeout(() => finish(new Error(`cluster metrics: no answer from the primary within ${timeoutMs} ms`)), timeoutMs);
    channel.on('message', listener);
    send({ type: REQUEST, id });
  });
}
