import {
  pendingVerificationsResponse,
  selfieFileQuery,
  verificationAttemptParams,
  verificationAttemptResponse,
  verificationConsentBody,
  verificationDecisionBody,
  verificationDecisionResponse,
  verificationResultResponse,
  verificationStatusResponse,
} from '../verification.js';
import { endpoint } from './define.js';
import { limits } from './limits.js';
import { imageUploadErrors } from './photos.js';

const tag = 'verification';

/** Photo verification: consent, a pose instruction, the selfie, the result; admins decide uncertain cases. */
export const verificationEndpoints = {
  status: endpoint({ method: 'GET', path: '/api/me/verification', auth: 'member', response: verificationStatusResponse, errors: [], tag }),
  /** Explicit consent (Art. 9 DSGVO) before any check; withdrawing removes the badge and any selfie still kept. */
  setConsent: endpoint({
    method: 'PUT',
    path: '/api/me/verification/consent',
    auth: 'member',
    body: verificationConsentBody,
    response: verificationStatusResponse,
    errors: [],
    tag,
  }),
  /** A random pose instruction, bound to a new attempt that is valid for 10 minutes. */
  start: endpoint({
    method: 'POST',
    path: '/api/me/verification/attempts',
    auth: 'member',
    response: verificationAttemptResponse,
    errors: ['verification_consent_required', 'verification_no_photo', 'verification_pending'],
    limits: [limits.verificationStart],
    tag,
  }),
  /** The liveness recording (multipart, 4-8 parts `frame`) for the member's own open attempt; at most 5 are checked per day. */
  submit: endpoint({
    method: 'POST',
    path: '/api/me/verification/attempts/:id/selfie',
    auth: 'member',
    params: verificationAttemptParams,
    body: 'multipart',
    response: verificationResultResponse,
    errors: [
      'not_found',
      'rate_limited',
      'verification_consent_required',
      'verification_attempt_used',
      'verification_frames',
      'verification_unavailable',
      ...imageUploadErrors,
    ],
    tag,
  }),
  pending: endpoint({ method: 'GET', path: '/api/admin/verifications', auth: 'admin', response: pendingVerificationsResponse, errors: [], tag }),
  decide: endpoint({
    method: 'POST',
    path: '/api/admin/verifications/:id/decision',
    auth: 'admin',
    params: verificationAttemptParams,
    body: verificationDecisionBody,
    response: verificationDecisionResponse,
    errors: ['not_found', 'verification_decided'],
    tag,
  }),
  /** The selfie of an uncertain case (JPEG); the signature is the authorisation (img tags send no session). */
  selfie: endpoint({
    method: 'GET',
    path: '/api/verification/selfies/:id',
    auth: 'visitor',
    params: verificationAttemptParams,
    query: selfieFileQuery,
    errors: ['invalid_link', 'not_found'],
    tag,
  }),
} as const;
