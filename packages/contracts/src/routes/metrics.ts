import { endpoint } from './define.js';

/**
 * The operator's Prometheus scrape (text format, not JSON). Not a members' endpoint: its own check
 * wants METRICS_TOKEN as the bearer token (401) or, without one, a request from localhost (404).
 */
export const metricsEndpoints = {
  scrape: endpoint({
    method: 'GET',
    path: '/metrics',
    auth: 'visitor',
    errors: ['unauthorized', 'not_found'],
    tag: 'metrics',
    summary: 'Betriebsmetriken im Prometheus-Format (nur für den Betrieb, nicht für Mitglieder)',
  }),
} as const;
