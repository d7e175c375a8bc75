import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DatabaseUnavailableError, isConnectionError } from '../db/client.js';
import type { SecurityHeaders } from './security.js';

/** An expected failure with a German message for the member; anything else becomes a 500. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const unauthorized = () => new AppError(401, 'unauthorized', 'Bitte melde dich an.');
export const forbidden = () => new AppError(403, 'forbidden', 'Dafür fehlt dir die Berechtigung.');
export const notFound = () => new AppError(404, 'not_found', 'Nicht gefunden.');
export const tooManyRequests = (retryAfterMs: number, message = 'Zu viele Anfragen. Bitte versuche es später erneut.') =>
  new AppError(429, 'rate_limited', message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });

const fastifyCodes: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json', 'Die Anfrage enthält kein gültiges JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json', 'Die Anfrage enthält kein gültiges JSON.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'Die Anfrage ist zu groß.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'Dieses Datenformat wird nicht unterstützt.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad_request', 'Ungültige Anfrage.'],
  FST_REQ_FILE_TOO_LARGE: [413, 'file_too_large', 'Die Datei ist zu groß. Erlaubt sind höchstens 10 MB.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'unsupported_media_type', 'Bitte sende das Foto als multipart/form-data.'],
  FST_FILES_LIMIT: [413, 'too_many_files', 'Bitte lade genau ein Foto hoch.'],
  FST_PARTS_LIMIT: [413, 'too_many_parts', 'Die Anfrage enthält zu viele Teile.'],
  FST_FIELDS_LIMIT: [413, 'too_many_fields', 'Die Anfrage enthält zu viele Felder.'],
  FST_PROTO_VIOLATION: [400, 'bad_request', 'Ungültige Anfrage.'],
  FST_ERR_BAD_URL: [400, 'bad_url', 'Die Adresse enthält ungültige Zeichen.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'url_too_long', 'Die Adresse ist zu lang.'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'bad_request', 'Ungültige Anfrage.'],
};

/**
 * Fastify's router refuses some URLs (broken percent-encoding, a path parameter over
 * maxParamLength) before any hook runs: answered like every other error, with the security headers.
 */
export function frameworkErrors(headersFor: SecurityHeaders) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const [status, error, message] = fastifyCodes[err.code] ?? [400, 'bad_request', 'Ungültige Anfrage.'];
    void reply.headers(headersFor(request.protocol === 'https')).code(status).send({ error, message });
  };
}

/** The database connection broke (restart, failover, killed session): nothing was half-written; try again. */
const UNAVAILABLE = { error: 'unavailable', message: 'Der Dienst ist gerade kurz nicht erreichbar. Bitte versuche es gleich noch einmal.' };

const SERVER_ERROR = { error: 'internal_error', message: 'Ein interner Fehler ist aufgetreten. Bitte versuche es später erneut.' };

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.statusCode).headers(err.headers).send({ error: err.code, message: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || err.validationContext || 'Eingabe';
      return reply.code(400).send({
        error: 'validation_error',
        message: `Ungültige Eingabe (${field}): ${issue?.message ?? 'ungültig'}`,
      });
    }
    const known = err.code ? fastifyCodes[err.code] : undefined;
    if (known) return reply.code(known[0]).send({ error: known[1], message: known[2] });
    if (err instanceof DatabaseUnavailableError || isConnectionError(err)) {
      request.log.warn({ err: { name: err.name, message: err.message } }, 'database unavailable');
      return reply.code(503).header('retry-after', '1').send(UNAVAILABLE);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: 'bad_request', message: 'Ungültige Anfrage.' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(SERVER_ERROR);
  });
}
