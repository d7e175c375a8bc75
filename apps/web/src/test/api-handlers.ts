import { errorBody, errorMessage, errorStatus, errorTables, type ErrorCode, type ErrorParamsArg } from '@funkeln/contracts/errors';
import { endpointErrors, type EndpointSpec, type HttpMethod, type PathParams } from '@funkeln/contracts/routes/define';
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';

type Method = 'get' | 'post' | 'put' | 'delete';

/** A success answer for `path` (under /api), checked against the contract's response schema. */
export function answer<S extends z.ZodType>(method: Method, path: string, response: S, body: z.input<S>) {
  return http[method](`/api${path}`, () => HttpResponse.json(response.parse(body) as Record<string, unknown>));
}

/**
 * A route whose request body is read with the contract's request schema (a body the contract
 * refuses fails the test) and whose answer comes from `resolve`, typed by the response schema.
 */
export function route<Req extends z.ZodType, Res extends z.ZodType>(
  method: Method,
  path: string,
  contract: { body: Req; response: Res },
  resolve: (body: z.output<Req>) => z.input<Res>,
) {
  return http[method](`/api${path}`, async ({ request }) => {
    const body = contract.body.parse(await request.json());
    return HttpResponse.json(contract.response.parse(resolve(body)) as Record<string, unknown>);
  });
}

/** A failure as the server answers it: the catalogue's status and German message for the code. */
export function failure<C extends ErrorCode>(method: Method, path: string, code: C, ...params: ErrorParamsArg<C>) {
  const body = errorBody.parse({ error: code, message: errorMessage(code, ...params) });
  return http[method](`/api${path}`, () => HttpResponse.json(body, { status: errorStatus(code) }));
}

/** An endpoint of the contract table that answers JSON. */
type JsonEndpoint = EndpointSpec & { readonly response: z.ZodType };

/** What a route's resolver gets: the path's parameters (by their names in the contract) and the parsed body. */
interface Received<E extends EndpointSpec> {
  params: PathParams<E['path']>;
  body: E['body'] extends z.ZodType ? z.output<E['body']> : undefined;
}

/** The MSW handler factory of the endpoint's method; the endpoint's path (with its `:params`) is the MSW path. */
const handlerOf = (endpoint: EndpointSpec) => http[endpoint.method.toLowerCase() as Lowercase<HttpMethod>];

/** The codes the server may answer for the endpoint: its declared ones plus those any route answers. */
function declares(endpoint: EndpointSpec, code: ErrorCode): boolean {
  return code in errorTables.http || endpointErrors(endpoint).includes(code);
}

/** A success answer of an endpoint, checked against its response schema. */
export function answerFor<E extends JsonEndpoint>(endpoint: E, body: z.input<E['response']>) {
  return handlerOf(endpoint)(endpoint.path, () => HttpResponse.json(endpoint.response.parse(body) as Record<string, unknown>));
}

/**
 * A route of an endpoint: the request body is read with the endpoint's body schema (a body the
 * contract refuses fails the test) and the answer comes from `resolve`, typed by the response schema.
 */
export function routeFor<E extends JsonEndpoint>(endpoint: E, resolve: (received: Received<E>) => z.input<E['response']>) {
  return handlerOf(endpoint)(endpoint.path, async ({ request, params }) => {
    const schema = endpoint.body;
    const body: unknown = schema === undefined || typeof schema === 'string' ? undefined : schema.parse(await request.json());
    const received = { params, body } as Received<E>;
    return HttpResponse.json(endpoint.response.parse(resolve(received)) as Record<string, unknown>);
  });
}

/**
 * A failure of an endpoint as the server answers it (the catalogue's status and German message).
 * A code the endpoint does not declare (nor any route answers) fails the test: the web app must
 * not be tested against answers the server never gives.
 */
export function failureFor<C extends ErrorCode>(endpoint: EndpointSpec, code: C, ...params: ErrorParamsArg<C>) {
  if (!declares(endpoint, code)) throw new Error(`${endpoint.method} ${endpoint.path} does not answer '${code}'`);
  const body = errorBody.parse({ error: code, message: errorMessage(code, ...params) });
  return handlerOf(endpoint)(endpoint.path, () => HttpResponse.json(body, { status: errorStatus(code) }));
}
