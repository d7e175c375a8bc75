import { errorCodes, type ErrorCode } from '@funkeln/contracts/errors';
import { z } from 'zod';
import { ApiError, type ApiErrorCode } from './api-error';
import { getToken } from './token-storage';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const looseErrorBody = z.object({ error: z.string().optional(), message: z.string().optional() });

/** A proxy's error page has no body of ours: its status stands for the catalogue code it means. */
const codeOfBareStatus: Partial<Record<number, ErrorCode>> = {
  413: 'payload_too_large',
  429: 'rate_limited',
  502: 'unavailable',
  503: 'unavailable',
  504: 'unavailable',
};

const catalogue: ReadonlySet<string> = new Set(errorCodes);
const isErrorCode = (code: string | undefined): code is ErrorCode => code !== undefined && catalogue.has(code);

/**
 * The answer's catalogue code; a body without one is mapped by its status, and a code the
 * catalogue does not know (a newer server) is 'unknown_error' (its message is still shown).
 */
function codeOf(status: number, code: string | undefined): ApiErrorCode {
  if (isErrorCode(code)) return code;
  return (code === undefined ? codeOfBareStatus[status] : undefined) ?? 'unknown_error';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** JSON for plain values; FormData goes as is, so the browser sets multipart with its boundary. */
function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData) return body;
  return JSON.stringify(body);
}

/** Extra request headers, e.g. an Idempotency-Key. */
export type ExtraHeaders = Record<string, string>;

async function send(method: Method, path: string, body: unknown, extra: ExtraHeaders = {}): Promise<Response> {
  const headers: Record<string, string> = { ...extra, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(`/api${path}`, {
      method,
      headers,
      body: encodeBody(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network_error', 'Keine Verbindung zum Server.');
  }
}

/** A parsed answer together with its response headers (for paging cursors and the like). */
export interface ApiResult<T> {
  data: T;
  headers: Headers;
}

/** Calls the API under /api and parses the answer with its contract schema, keeping the headers. */
async function apiRequestWithHeaders<T>(
  method: Method,
  path: string,
  schema: z.ZodType<T>,
  body?: unknown,
  headers?: ExtraHeaders,
): Promise<ApiResult<T>> {
  const response = await send(method, path, body, headers);
  const data = await readJson(response);
  if (!response.ok) {
    const parsed = looseErrorBody.safeParse(data);
    const error = parsed.success ? parsed.data : {};
    throw new ApiError(response.status, codeOf(response.status, error.error), error.message ?? `HTTP ${response.status}`, error.message);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, 'invalid_response', 'Unerwartete Antwort des Servers.');
  return { data: parsed.data, headers: response.headers };
}

/** Calls the API under /api and parses the answer with its contract schema; body is JSON or FormData. */
export async function apiRequest<T>(
  method: Method,
  path: string,
  schema: z.ZodType<T>,
  body?: unknown,
  headers?: ExtraHeaders,
): Promise<T> {
  return (await apiRequestWithHeaders(method, path, schema, body, headers)).data;
}

export const api = {
  get: <T>(path: string, schema: z.ZodType<T>) => apiRequest('GET', path, schema),
  /** GET that also hands back the response headers. */
  getWithHeaders: <T>(path: string, schema: z.ZodType<T>) => apiRequestWithHeaders('GET', path, schema),
  post: <T>(path: string, schema: z.ZodType<T>, body?: unknown, headers?: ExtraHeaders) => apiRequest('POST', path, schema, body, headers),
  put: <T>(path: string, schema: z.ZodType<T>, body?: unknown) => apiRequest('PUT', path, schema, body),
  delete: <T>(path: string, schema: z.ZodType<T>) => apiRequest('DELETE', path, schema),
};
