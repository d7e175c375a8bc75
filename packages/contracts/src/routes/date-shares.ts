import { createDateShareBody, createDateShareResponse, dateShareParams, dateSharePageParams, dateSharesResponse } from '../date-shares.js';
import { memberParams } from '../messages.js';
import { messageBody } from '../errors.js';
import { endpoint } from './define.js';
import { limits } from './limits.js';

const tag = 'date-shares';

/** "Date teilen": a member shares a date plan with a friend through a link only the plan is behind. */
export const dateSharesEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/api/conversations/:memberId/date-shares',
    auth: 'member',
    params: memberParams,
    body: createDateShareBody,
    response: createDateShareResponse,
    errors: ['not_found', 'date_share_time', 'too_many_date_shares'],
    limits: [limits.dateShare],
    tag,
  }),
  list: endpoint({ method: 'GET', path: '/api/me/date-shares', auth: 'member', response: dateSharesResponse, errors: [], tag }),
  remove: endpoint({ method: 'DELETE', path: '/api/me/date-shares/:id', auth: 'member', params: dateShareParams, response: messageBody, errors: ['not_found'], tag }),
  /** The friend's page (HTML, no account): only the plan; unknown, deleted and expired links get the same page. */
  page: endpoint({ method: 'GET', path: '/date/:token', auth: 'visitor', params: dateSharePageParams, errors: [], limits: [limits.dateSharePageIp], tag, hidden: true }),
  /** The partner's photo on that page (when the member chose to show it), behind the same token. */
  photo: endpoint({ method: 'GET', path: '/date/:token/foto', auth: 'visitor', params: dateSharePageParams, errors: ['not_found'], limits: [limits.dateSharePageIp], tag, hidden: true }),
} as const;
