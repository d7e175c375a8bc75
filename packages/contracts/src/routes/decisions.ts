import {
  decisionIdParams,
  objectionBody,
  objectionByTokenBody,
  statement,
  statementByTokenBody,
  statementsResponse,
} from '../decisions.js';
import { endpoint } from './define.js';
import { limits } from './limits.js';

const tag = 'decisions';

/**
 * Statements of reasons (DSA Art. 17) and objections (Art. 20): the member's list, the mailed link
 * (works while suspended: the token is the only credential, sent in the body). The admin's queue
 * and the removal of a message are admin endpoints (routes/admin.ts).
 */
export const decisionsEndpoints = {
  mine: endpoint({ method: 'GET', path: '/api/me/decisions', auth: 'member', response: statementsResponse, errors: [], tag }),
  object: endpoint({
    method: 'POST',
    path: '/api/me/decisions/:id/objection',
    auth: 'member',
    params: decisionIdParams,
    body: objectionBody,
    response: statement,
    errors: ['not_found', 'objection_period_over'],
    limits: [limits.objectionMember],
    tag,
  }),
  byToken: endpoint({
    method: 'POST',
    path: '/api/decisions/by-link',
    auth: 'visitor',
    body: statementByTokenBody,
    response: statement,
    errors: ['decision_link_invalid'],
    limits: [limits.objectionIp],
    tag,
  }),
  objectByToken: endpoint({
    method: 'POST',
    path: '/api/decisions/by-link/objection',
    auth: 'visitor',
    body: objectionByTokenBody,
    response: statement,
    errors: ['decision_link_invalid'],
    limits: [limits.objectionIp],
    tag,
  }),
} as const;
