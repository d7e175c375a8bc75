import { errorBody, errorMessage, errorStatus, type ErrorCode, type ErrorParamsArg } from '@funkeln/contracts/errors';
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
