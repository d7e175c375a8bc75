import { messageBody } from '../errors.js';
import { consentBody, consentResponse, deleteAccountBody, exportResponse } from '../privacy.js';
import { endpoint } from './define.js';
import { limits } from './limits.js';

const tag = 'privacy';

/** The member's own data (DSGVO): export, erasure, consent. */
export const privacyEndpoints = {
  /** Everything stored about the member as one JSON document (sent as the attachment funkeln-export.json). */
  export: endpoint({ method: 'GET', path: '/api/me/export', auth: 'member', response: exportResponse, errors: [], limits: [limits.export], tag }),
  /** Accounts without a password (Google) send none; the server then wants a recent sign-in. */
  deleteAccount: endpoint({
    method: 'DELETE',
    path: '/api/me',
    auth: 'member',
    body: deleteAccountBody.optional(),
    response: messageBody,
    errors: ['wrong_password', 'fresh_login_required'],
    tag,
  }),
  consent: endpoint({ method: 'GET', path: '/api/me/consent', auth: 'member', response: consentResponse, errors: [], tag }),
  setConsent: endpoint({ method: 'PUT', path: '/api/me/consent', auth: 'member', body: consentBody, response: consentResponse, errors: [], tag }),
} as const;
