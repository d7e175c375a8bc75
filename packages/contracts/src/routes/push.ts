import { pushKeyResponse, pushSubscriptionBody, pushSubscriptionResponse, pushUnsubscribeBody } from '../push.js';
import { endpoint } from './define.js';
import { limits } from './limits.js';

/** Web Push: the server's VAPID key, and a member's devices opting in and out. */
export const pushEndpoints = {
  key: endpoint({ method: 'GET', path: '/api/push/key', auth: 'member', response: pushKeyResponse, errors: [], tag: 'push' }),
  subscribe: endpoint({
    method: 'POST',
    path: '/api/push/subscriptions',
    auth: 'member',
    body: pushSubscriptionBody,
    response: pushSubscriptionResponse,
    errors: ['push_endpoint_refused', 'invalid_key'],
    limits: [limits.push],
    tag: 'push',
  }),
  unsubscribe: endpoint({
    method: 'DELETE',
    path: '/api/push/subscriptions',
    auth: 'member',
    body: pushUnsubscribeBody,
    response: pushSubscriptionResponse,
    errors: [],
    limits: [limits.push],
    tag: 'push',
  }),
} as const;
