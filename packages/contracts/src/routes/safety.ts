import { reportBody, reportResponse } from '../safety.js';
import { endpoint } from './define.js';
import { limits } from './limits.js';

/** Reports of members (spec: POST /api/reports). */
export const safetyEndpoints = {
  report: endpoint({
    method: 'POST',
    path: '/api/reports',
    auth: 'member',
    body: reportBody,
    response: reportResponse,
    errors: ['self_report', 'not_found'],
    limits: [limits.report],
    tag: 'safety',
  }),
} as const;
