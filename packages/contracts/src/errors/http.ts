import { validationMessage } from '../field-labels.js';
import { defineErrors } from './define.js';

/** What any route can answer: the framework's refusals, a lost database, a bug, a missing session. */
export const httpErrors = defineErrors({
  bad_request: { status: 400, message: 'Ungültige Anfrage.' },
  invalid_json: { status: 400, message: 'Die Anfrage enthält kein gültiges JSON.' },
  bad_url: { status: 400, message: 'Die Adresse enthält ungültige Zeichen.' },
  /** `field` is the request path ('newPassword', 'prompts.0.answer', '' for the whole body); the sentence uses its German name. */
  validation_error: { status: 400, message: ({ field, issue }: { field: string; issue: string }) => validationMessage(field, issue) },
  unauthorized: {
    status: 401,
    message: ({ of }: { of?: 'metrics' }) => (of === 'metrics' ? 'Für die Metriken ist ein gültiger Zugangsschlüssel nötig.' : 'Bitte melde dich an.'),
  },
  forbidden: { status: 403, message: 'Dafür fehlt dir die Berechtigung.' },
  payload_too_large: { status: 413, message: 'Die Anfrage ist zu groß.' },
  url_too_long: { status: 414, message: 'Die Adresse ist zu lang.' },
  request_timeout: { status: 408, message: 'Die Anfrage hat zu lange gedauert. Bitte versuche es erneut.' },
  headers_too_large: { status: 431, message: 'Die Anfrage hat zu große Kopfzeilen.' },
  unsupported_media_type: {
    status: 415,
    message: ({ expected }: { expected?: 'multipart' }) =>
      expected === 'multipart' ? 'Bitte sende das Foto als multipart/form-data.' : 'Dieses Datenformat wird nicht unterstützt.',
  },
  internal_error: { status: 500, message: 'Ein interner Fehler ist aufgetreten. Bitte versuche es später erneut.' },
  unavailable: { status: 503, message: 'Der Dienst ist gerade kurz nicht erreichbar. Bitte versuche es gleich noch einmal.' },
});
