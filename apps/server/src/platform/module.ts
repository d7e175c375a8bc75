import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client.js';
import type { Config } from '../config.js';
import type { EventBus } from './events/events.js';
import type { Metrics } from './metrics/metrics.js';
import type { EventOutbox } from './outbox/event-outbox.js';
import type { SenderLog } from './outbox/outbox-worker.js';
import type { RateLimiter } from './rate-limit/rate-limit.js';
import { ScheduledJob } from './jobs/scheduled-job.js';

/** Background work a module owns: started by the composition root's startJobs, stopped by its close. */
export interface Job {
  start(): void;
  stop(): Promise<void>;
}

/**
 * What every createXModule returns. `routes` is the module's HTTP face as one Fastify plugin of
 * serve() calls (full paths from the contract table), which app.ts registers; `services` are what other
 * modules and the composition root may use; `jobs` the module's workers and scheduled jobs.
 */
export interface AppModule<S extends object> {
  routes?: FastifyPluginAsync;
  services: S;
  jobs: Job[];
}

/** Creates a job that runs once per interval across the cluster (job_runs; see ScheduledJob). */
export type Schedule = (name: string, intervalMs: number, task: () => Promise<void>) => ScheduledJob;

/** The platform pieces every module factory may take by name. */
export interface Platform {
  config: Config;
  db: Db;
  events: EventBus;
  /** Domain events written with their change and dispatched after the commit, crash or not (notifications, realtime). */
  eventOutbox: EventOutbox;
  limiter: RateLimiter;
  metrics: Metrics;
  log: SenderLog;
  schedule: Schedule;
  /** Whether in-memory caches are exact: every process that changes data reaches this one's events. */
  cacheable: () => boolean;
}

export function scheduler(db: Db, pollMs: number, log: SenderLog): Schedule {
  return (name, intervalMs, task) => new ScheduledJob(db, task, { name, intervalMs, pollMs, onError: (err) => log.error({ err, job: name }, 'job failed') });
}

/** A worker whose only duty at shutdown is to finish what it started (e.g. notification delivery). */
export function stopOnly(stop: () => Promise<void>): Job {
  return { start: () => undefined, stop };
}
