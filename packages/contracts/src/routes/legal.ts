import { legalInfo } from '../legal.js';
import { endpoint } from './define.js';

/** The facts behind the Impressum and the Datenschutz page: public, no sign-in. */
export const legalEndpoints = {
  info: endpoint({ method: 'GET', path: '/api/legal', auth: 'visitor', response: legalInfo, errors: [], tag: 'legal', summary: 'Operator details and this instance’s privacy facts' }),
} as const;
