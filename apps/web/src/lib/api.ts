import { errorCodes, type ErrorCode } from '@funkeln/contracts/errors';
import { pathOf, type EndpointSpec, type HttpMethod, type PathParamNames, type PathParams } from '@funkeln/contracts/routes/define';
import { z } from 'zod';
import { ApiError, type ApiErrorCode } from './api-error';
import { getToken } from './token-storage';


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
type ExtraHeaders = Record<string, string>;

async function send(method: HttpMethod, url: string, body: unknown, extra: ExtraHeaders = {}): Promise<Response> {
  const headers: Record<string, string> = { ...extra, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(url, {
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

/** The failure an error body ({ error, message }) stands for, answered with this status. */
export function apiErrorOf(status: number, body: unknown): ApiError {
  const parsed = looseErrorBody.safeParse(body);
  const error = parsed.success ? parsed.data : {};
  return new ApiError(status, codeOf(status, error.error), error.message ?? `HTTP ${status}`, error.message);
}

/** Sends a request and parses the answer with the endpoint's response schema, keeping the headers. */
async function apiRequestWithHeaders<T>(
  method: HttpMethod,
  url: string,
  schema: z.ZodType<T>,
  body?: unknown,
  headers?: ExtraHeaders,
): Promise<ApiResult<T>> {
  const response = await send(method, url, body, headers);
  const data = await readJson(response);
  if (!response.ok) throw apiErrorOf(response.status, data);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, 'invalid_response', 'Unerwartete Antwort des Servers.');
  return { data: parsed.data, headers: response.headers };
}

/** An endpoint that answers JSON (the others are linked to with hrefOf). */
type JsonEndpoint = EndpointSpec & { readonly response: z.ZodType };

/** A part of the input that is required when the member must give it, optional when every field of it is. */
type Part<K extends string, T> = Record<string, never> extends T ? { [P in K]?: T } : { [P in K]: T };

type ParamsInput<E extends EndpointSpec> = [PathParamNames<E['path']>] extends [never] ? { params?: undefined } : { params: PathParams<E['path']> };
type QueryInput<E extends EndpointSpec> = E['query'] extends z.ZodType ? Part<'query', z.input<E['query']>> : { query?: undefined };
type BodyInput<E extends EndpointSpec> = E['body'] extends z.ZodType
  ? Part<'body', z.input<E['body']>>
  : E['body'] extends 'multipart'
    ? { body: FormData }
    : { body?: undefined };

/** What a call passes: the path's parameters, the query, the body (each as its contract types it), extra headers. */
type CallInput<E extends EndpointSpec> = ParamsInput<E> & QueryInput<E> & BodyInput<E> & { headers?: ExtraHeaders };
type CallArgs<E extends EndpointSpec> = Record<string, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

/** The query string of a call: absent values left out, lists joined with commas (as the contracts split them). */
function queryString(query: Record<string, QueryValue> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of an endpoint with its parameters and query (for calls, and for links to pages and redirects). */
export function hrefOf<E extends EndpointSpec>(spec: E, input: { params?: PathParams<E['path']>; query?: Record<string, QueryValue> } = {}): string {
  const path = input.params ? pathOf(spec.path, input.params) : spec.path;
  return `${path}${queryString(input.query)}`;
}

async function callEndpoint<E extends JsonEndpoint>(spec: E, input: CallInput<E> | undefined): Promise<ApiResult<z.output<E['response']>>> {
  const { params, query, body, headers } = (input ?? {}) as { params?: PathParams<E['path']>; query?: Record<string, QueryValue>; body?: unknown; headers?: ExtraHeaders };
  const url = hrefOf(spec, { params, query });
  return apiRequestWithHeaders(spec.method, url, spec.response as z.ZodType<z.output<E['response']>>, body, headers);
}

/** Calls an endpoint of the contract table and parses its answer with the endpoint's response schema. */
export async function call<E extends JsonEndpoint>(spec: E, ...[input]: CallArgs<E>): Promise<z.output<E['response']>> {
  return (await callEndpoint(spec, input)).data;
}

/** As call, also handing back the response headers (paging cursors and the like). */
export function callWithHeaders<E extends JsonEndpoint>(spec: E, ...[input]: CallArgs<E>): Promise<ApiResult<z.output<E['response']>>> {
  return callEndpoint(spec, input);
}

const invalidResponse = (status: number) => new ApiError(status, 'invalid_response', 'Unerwartete Antwort des Servers.');

/**
 * Calls an endpoint that answers newline-delimited JSON (a reply streamed as it is written): each
 * line, parsed with `schema`, goes to `onEvent` as soon as it arrives. A refusal before the stream
 * is the usual ApiError; a connection lost midway is a 'network_error'.
 */
export async function callLines<E extends EndpointSpec, T>(spec: E, input: CallInput<E>, schema: z.ZodType<T>, onEvent: (event: T) => void): Promise<void> {
  const { params, query, body, headers } = input as { params?: PathParams<E['path']>; query?: Record<string, QueryValue>; body?: unknown; headers?: ExtraHeaders };
  const response = await send(spec.method, hrefOf(spec, { params, query }), body, headers);
  if (!response.ok) throw apiErrorOf(response.status, await readJson(response));
  if (!response.body) throw invalidResponse(response.status);
  const emit = (line: string) => {
    let parsed: ReturnType<typeof schema.safeParse>;
    try {
      parsed = schema.safeParse(JSON.parse(line));
    } catch {
      throw invalidResponse(response.status);
    }
    if (!parsed.success) throw invalidResponse(response.status);
    onEvent(parsed.data);
  };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw new ApiError(0, 'network_error', 'Keine Verbindung zum Server.');
    }
    buffer += decoder.decode(chunk.value, { stream: !chunk.done });
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) emit(line);
    if (chunk.done) break;
  }
  if (buffer.trim()) emit(buffer);
}
