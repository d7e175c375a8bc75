import { myReportsResponse, noticeBody, reportBody, reportResponse } from '../safety.js';
import { endpoint } from './define.js';
import { limits } from './limits.js';

const tag = 'safety';

/** Reports of members (spec: POST /api/reports), notices from anyone (DSA Art. 16) and the reporter's own list. */
export const safetyEndpoints = {
  report: endpoint({
    method: 'POST',
    path: '/api/reports',
    auth: 'member',
    body: reportBody,
    response: reportResponse,
    errors: ['self_report', 'not_found'],
    limits: [limits.report],
    tag,
  }),
  /** Anyone; a signed-in member's notice is hers (the session is read when one is sent, never required). */
  notice: endpoint({
    method: 'POST',
    path: '/api/notices',
    auth: 'visitor',
    session: 'optional',
    body: noticeBody,
    response: reportResponse,
    errors: ['self_report', 'not_found'],
    limits: [limits.noticeIp],
    tag,
  }),
  myReports: endpoint({ method: 'GET', path: '/api/me/reports', auth: 'member', response: myReportsResponse, errors: [], tag }),
} as const;
