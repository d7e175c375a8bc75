import { oneClickBody, unsubscribeQuery } from '../notifications.js';
import { endpoint } from './define.js';
import { limits } from './limits.js';

const tag = 'notifications';

/**
 * One-click unsubscribe from the notification mails (RFC 8058): the link in each mail opens a page
 * that asks (GET); the page's button and the mail providers' one-click POST unsubscribe. Both answer
 * HTML pages, so no JSON response.
 */
export const notificationsEndpoints = {
  unsubscribePage: endpoint({ method: 'GET', path: '/api/notifications/unsubscribe', auth: 'visitor', query: unsubscribeQuery, errors: ['invalid_token'], limits: [limits.unsubscribeIp], tag }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    auth: 'visitor',
    query: unsubscribeQuery,
    body: oneClickBody,
    errors: ['invalid_token'],
    limits: [limits.unsubscribeIp],
    tag,
  }),
} as const;
