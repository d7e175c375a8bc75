import { adminReportsResponse, auditResponse, cleanupResponse, memberIdParams, pendingPhotosResponse, photoActionParams, reportIdParams, resolveReportBody } from '../admin.js';
import { adminObjectionsResponse, messageIdParams, objectionDecisionBody, objectionIdParams, restrictionBody } from '../decisions.js';
import { messageBody } from '../errors.js';
import { settingsRecord } from '../settings.js';
import { endpoint } from './define.js';

const tag = 'admin';

/** /api/admin/*: settings, moderation of photos and reports, suspensions, the audit log; admins only. */
export const adminEndpoints = {
  settings: endpoint({ method: 'GET', path: '/api/admin/settings', auth: 'admin', response: settingsRecord, errors: [], tag }),
  saveSettings: endpoint({ method: 'PUT', path: '/api/admin/settings', auth: 'admin', body: settingsRecord, response: settingsRecord, errors: ['unknown_setting', 'invalid_setting'], tag }),
  cleanupTokens: endpoint({ method: 'POST', path: '/api/admin/maintenance/cleanup-tokens', auth: 'admin', response: cleanupResponse, errors: [], tag }),
  pendingPhotos: endpoint({ method: 'GET', path: '/api/admin/photos/pending', auth: 'admin', response: pendingPhotosResponse, errors: [], tag }),
  photoAction: endpoint({ method: 'POST', path: '/api/admin/photos/:id/:action', auth: 'admin', params: photoActionParams, body: restrictionBody.nullish(), response: messageBody, errors: ['not_found'], tag }),
  reports: endpoint({ method: 'GET', path: '/api/admin/reports', auth: 'admin', response: adminReportsResponse, errors: [], tag }),
  resolveReport: endpoint({
    method: 'POST',
    path: '/api/admin/reports/:id/resolve',
    auth: 'admin',
    params: reportIdParams,
    body: resolveReportBody.optional(),
    response: messageBody,
    errors: ['not_found'],
    tag,
  }),
  suspend: endpoint({ method: 'POST', path: '/api/admin/users/:id/suspend', auth: 'admin', params: memberIdParams, body: restrictionBody.nullish(), response: messageBody, errors: ['self_suspend', 'not_found'], tag }),
  unsuspend: endpoint({ method: 'POST', path: '/api/admin/users/:id/unsuspend', auth: 'admin', params: memberIdParams, response: messageBody, errors: ['self_suspend', 'not_found'], tag }),
  objections: endpoint({ method: 'GET', path: '/api/admin/objections', auth: 'admin', response: adminObjectionsResponse, errors: [], tag }),
  decideObjection: endpoint({
    method: 'POST',
    path: '/api/admin/objections/:id/decide',
    auth: 'admin',
    params: objectionIdParams,
    body: objectionDecisionBody,
    response: messageBody,
    errors: ['not_found', 'objection_decided', 'objection_superseded', 'objection_own'],
    tag,
  }),
  removeMessage: endpoint({
    method: 'POST',
    path: '/api/admin/messages/:id/remove',
    auth: 'admin',
    params: messageIdParams,
    body: restrictionBody.nullish(),
    response: messageBody,
    errors: ['not_found'],
    tag,
  }),
  audit: endpoint({ method: 'GET', path: '/api/admin/audit', auth: 'admin', response: auditResponse, errors: [], tag }),
} as const;
