import { z } from 'zod';
import { getToken } from './token-storage';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A failed call: HTTP status (0 without answer) and the server's German message when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

const looseErrorBody = z.object({ error: z.string().optional(), message: z.string().optional() });

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
    throw new ApiError(0, 'Keine Verbindung zum Server.');
  }
}

/** A parsed answer together with its response headers (for paging cursors and the like). */
export interface ApiResult<T> {
  data: T;
  headers: Headers;
}

/** Calls the API under /api and parses the answer with its contract schema, keeping the headers. */
export async function apiRequestWithHeaders<T>(
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
    throw new ApiError(response.status, error.message ?? `HTTP ${response.status}`, error.error, error.message);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, 'Unerwartete Antwort des Servers.', 'invalid_response');
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

/** The server's message for a failed call, else the caller's German fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
