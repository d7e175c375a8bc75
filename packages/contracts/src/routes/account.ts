import { changePasswordBody, memberSettings, memberSettingsUpdate } from '../account.js';
import { messageBody } from '../errors.js';
import { termsAcceptBody, termsAcceptResponse } from '../terms.js';
import { endpoint } from './define.js';
import { limits } from './limits.js';

const tag = 'account';

/** The member's own account: settings, password change, signing out everywhere, the AGB in force. */
export const accountEndpoints = {
  settings: endpoint({ method: 'GET', path: '/api/me/settings', auth: 'member', response: memberSettings, errors: [], tag }),
  saveSettings: endpoint({ method: 'PUT', path: '/api/me/settings', auth: 'member', body: memberSettingsUpdate, response: memberSettings, errors: ['profile_required'], tag }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/me/password',
    auth: 'member',
    body: changePasswordBody,
    response: messageBody,
    errors: ['wrong_password', 'weak_password'],
    limits: [limits.passwordChange],
    tag,
  }),
  logoutEverywhere: endpoint({ method: 'POST', path: '/api/me/logout-all', auth: 'member', response: messageBody, errors: [], tag }),
  /** Agreeing to a new version of the AGB (the banner on the next visit after a change). */
  acceptTerms: endpoint({ method: 'POST', path: '/api/me/terms', auth: 'member', body: termsAcceptBody, response: termsAcceptResponse, errors: ['terms_outdated'], tag }),
} as const;
