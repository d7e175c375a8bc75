import { Counter, Gauge, type Registry } from 'prom-client';
import type { Queryable } from '../../db/client.js';
import { outboxDepth, type OutboxTable } from '../outbox/outbox.repo.js';
import { escrowQueueDepth } from './queue-depth.repo.js';

/**
 * Job queue depths, read from the database when scraped. Every process sees the same database,
 * so a cluster reports the largest answer instead of the sum ('max'). A failing query leaves its
 * gauge without samples for that scrape and is counted; the scrape itself still answers.
 */
export function registerQueueGauges(registry: Registry, db: Queryable): void {
  const errors = new Counter({
    name: 'funkeln_metrics_collect_errors_total',
    help: 'Scrape-time reads that failed, by source.',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  const reading = async (gauge: Gauge<'state'>, source: string, read: () => Promise<Record<string, number>>) => {
    gauge.reset();
    try {
      for (const [state, value] of Object.entries(await read())) gauge.set({ state }, value);
    } catch {
      errors.inc({ source });
    }
  };
  const outboxes: [OutboxTable, string, string][] = [
    ['mail_outbox', 'funkeln_mail_outbox_mails', 'Mails in the outbox'],
    ['push_outbox', 'funkeln_push_outbox_pushes', 'Web pushes in the outbox'],
    ['event_outbox', 'funkeln_event_outbox_events', 'Domain events (match, message, flirt) in the outbox'],
  ];
  for (const [table, name, what] of outboxes) {
    new Gauge({
      name,
      help: `${what}: pending (waiting for delivery) and failed (given up).`,
      labelNames: ['state'] as const,
      aggregator: 'max',
      registers: [registry],
      collect() {
        return reading(this, table, async () => ({ ...(await outboxDepth(db, table)) }));
      },
    });
  }
  new Gauge({
    name: 'funkeln_prepaid_escrows',
    help: 'Prepaid replies held in escrow: open, and overdue (open past expiry, refund job behind).',
    labelNames: ['state'] as const,
    aggregator: 'max',
    registers: [registry],
    collect() {
      return reading(this, 'escrows', async () => ({ ...(await escrowQueueDepth(db)) }));
    },
  });
}
