import { healthResponse } from '../health.js';
import { endpoint } from './define.js';

/** Probes for the load balancer and the orchestrator, at the root. */
export const healthEndpoints = {
  live: endpoint({ method: 'GET', path: '/healthz', auth: 'visitor', response: healthResponse, errors: [], tag: 'health' }),
  /** 503 with the same body (status 'draining' or 'unavailable') when not ready; no error code. */
  ready: endpoint({ method: 'GET', path: '/readyz', auth: 'visitor', response: healthResponse, errors: [], tag: 'health' }),
} as const;
