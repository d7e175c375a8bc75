import { errorMessage, errorStatus, type ErrorCode, type ErrorParamsArg } from '@funkeln/contracts/errors';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DatabaseUnavailableError, isConnectionError } from '../../db/client.js';
import type { SecurityHeaders } from './security.js';

type AppErrorOptions<C extends ErrorCode> = (ErrorParamsArg<C> extends [] ? { params?: never } : { params: ErrorParamsArg<C>[0] }) & {
  headers?: Record<string, string>;
};
/** The options: required when the code's message needs values, optional otherwise. */
type AppErrorArgs<C extends ErrorCode> = ErrorParamsArg<C> extends [params: infer _P] ? [options: AppErrorOptions<C>] : [options?: AppErrorOptions<C>];

/**
 * An expected failure: a code of the catalogue (@funkeln/contracts/errors), which gives the status
 * and the German message for the member; anything else becomes a 500.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: C,
    ...[options]: AppErrorArgs<C>
  ) {
    super(errorMessage(code, ...((options?.params === undefined ? [] : [options.params]) as ErrorParamsArg<C>)));
    this.statusCode = errorStatus(code);
    this.headers = options?.headers ?? {};
  }
}

/** The Retry-After header of a 429: whole seconds, at least one. */
export const retryAfter = (ms: number): Record<string, string> => ({ 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))) });

/**
 * The database connection broke or could not be had (restart, failover, killed session, a pool
 * that stayed full): nothing was half-written, and the member may try again. Answered as
 * `unavailable` (503) by the error handler, and as that event by a stream that had already begun.
 */
const isDatabaseUnavailable = (err: unknown): boolean => err instanceof DatabaseUnavailableError || isConnectionError(err);

/** A logger as pino has it: what logFailure writes to. */
export interface FailureLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Logs a failure the caller answers without detail: a database that is unavailable (pool
 * exhausted, connection lost; answered 503 or given up) as a warning with its name and message,
 * anything else as an error under `what` with the whole error. True when it was the database.
 */
export function logFailure(log: FailureLog, err: unknown, what: string): boolean {
  if (err instanceof Error && isDatabaseUnavailable(err)) {
    log.warn({ err: { name: err.name, message: err.message } }, 'database unavailable');
    return true;
  }
  log.error({ err }, what);
  return false;
}

const send = (reply: FastifyReply, err: AppError, status = err.statusCode) => reply.code(status).send({ error: err.code, message: err.message });

/** What the framework answers for any route of this method and schema, on top of the route's declared codes. */
export function implicitErrorCodes(method: string, schema: FastifySchema | undefined): ErrorCode[] {
  const codes: ErrorCode[] = ['unavailable', 'internal_error'];
  if (schema?.body || schema?.querystring || schema?.params || schema?.headers) codes.push('validation_error');
  if (schema?.params) codes.push('bad_url', 'url_too_long');
  // A body is parsed (and may be refused) before any hook runs, whether or not the route reads one.
  if (!['GET', 'HEAD'].includes(method)) codes.push('bad_request', 'invalid_json', 'payload_too_large', 'unsupported_media_type');
  return codes;
}

export const methodOf = (method: string | readonly string[]) => (typeof method === 'string' ? method : (method[0] ?? 'GET')).toUpperCase();

/** The codes a route declares (errorResponses in its response schemas, as x-error-codes) plus the implicit ones. */
function routeErrorCodes(method: string, schema: FastifySchema | undefined): Set<string> {
  const declared = Object.values((schema?.response ?? {}) as Record<string, { meta?: () => Record<string, unknown> | undefined }>).flatMap((s) => {
    const codes = typeof s.meta === 'function' ? s.meta()?.['x-error-codes'] : undefined;
    return Array.isArray(codes) ? codes.map(String) : [];
  });
  return new Set([...declared, ...implicitErrorCodes(method, schema)]);
}

/** Reports an answer whose code the route did not declare (tests fail on it; see test/harness.ts). */
export type UndeclaredErrorListener = (report: string) => void;

function checkDeclared(request: FastifyRequest, err: AppError, listener: UndeclaredErrorListener | undefined): void {
  const { url, method, schema } = request.routeOptions;
  if (!listener || url === undefined || !schema || schema.hide) return;
  if (!routeErrorCodes(methodOf(method), schema).has(err.code)) listener(`${methodOf(method)} ${url} answered the undeclared error code ${err.code}`);
}

/** Fastify's and its plugins' error codes, answered with a code of the catalogue. */
const fastifyCodes: Record<string, AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: new AppError('invalid_json'),
  FST_ERR_CTP_EMPTY_JSON_BODY: new AppError('invalid_json'),
  FST_ERR_CTP_BODY_TOO_LARGE: new AppError('payload_too_large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new AppError('unsupported_media_type'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new AppError('bad_request'),
  FST_REQ_FILE_TOO_LARGE: new AppError('file_too_large'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: new AppError('unsupported_media_type', { params: { expected: 'multipart' } }),
  FST_FILES_LIMIT: new AppError('too_many_files'),
  FST_PARTS_LIMIT: new AppError('too_many_parts'),
  FST_FIELDS_LIMIT: new AppError('too_many_fields'),
  FST_PROTO_VIOLATION: new AppError('bad_request'),
  FST_ERR_BAD_URL: new AppError('bad_url'),
  FST_ERR_MAX_PARAM_LENGTH: new AppError('url_too_long'),
  FST_ERR_ASYNC_CONSTRAINT: new AppError('bad_request'),
};
const BAD_REQUEST = new AppError('bad_request');
const UNAVAILABLE = new AppError('unavailable');
const SERVER_ERROR = new AppError('internal_error');

/**
 * Fastify's router refuses some URLs (broken percent-encoding, a path parameter over
 * maxParamLength) before any hook runs: answered like every other error, with the security headers.
 */
export function frameworkErrors(headersFor: SecurityHeaders) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const known = fastifyCodes[err.code] ?? BAD_REQUEST;
    void send(reply.headers(headersFor(request.protocol === 'https')), known);
  };
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a header over the size limit, a
 * control character in one, a request that took too long) answers in German like every other
 * refusal (Fastify's own answer was English: red team, session 60). The connection is closed after.
 */
export function clientErrors(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const code = err.code === 'HPE_HEADER_OVERFLOW' ? 'headers_too_large' : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'request_timeout' : 'bad_request';
  const status = errorStatus(code);
  const body = JSON.stringify({ error: code, message: errorMessage(code) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export function registerErrorHandling(app: FastifyInstance, onUndeclared?: UndeclaredErrorListener): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      checkDeclared(request, err, onUndeclared);
      return send(reply.headers(err.headers), err);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      // Only fields of the body or query string are named (in German, by the catalogue); a broken
      // path parameter or header is nothing the member typed.
      const named = err.validationContext === 'body' || err.validationContext === 'querystring';
      const field = named ? (issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '') : '';
      return send(reply, new AppError('validation_error', { params: { field, issue: issue?.message ?? 'ungültig' } }));
    }
    const known = err.code ? fastifyCodes[err.code] : undefined;
    if (known) {
      checkDeclared(request, known, onUndeclared);
      return send(reply, known);
    }
    const status = err.statusCode ?? 500;
    // a plugin's own 4xx: its status, our code
    if (!isDatabaseUnavailable(err) && status >= 400 && status < 500) return send(reply, BAD_REQUEST, status);
    if (logFailure(request.log, err, 'unhandled error')) return send(reply.header('retry-after', '1'), UNAVAILABLE);
    return send(reply, SERVER_ERROR);
  });
}
