import { errorResponses } from '@funkeln/contracts/errors';
import { endpointErrors, type EndpointSpec } from '@funkeln/contracts/routes/define';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was registered from (read by the auth and rate-limit hooks). */
    endpoint?: EndpointSpec;
  }
}

/** The Fastify instance a module's routes plugin gets (zod schemas as the type provider). */
export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The session of the request: present on every endpoint above `visitor` (the auth hook made sure). */
type AuthOf<E extends EndpointSpec> = E['auth'] extends 'visitor' ? FastifyRequest['auth'] : NonNullable<FastifyRequest['auth']>;

/** A request as the endpoint's schemas validated it. */
type EndpointRequest<E extends EndpointSpec> = Omit<FastifyRequest, 'params' | 'query' | 'body' | 'headers' | 'auth'> & {
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: E['body'] extends z.ZodType ? z.output<E['body']> : E['body'] extends 'raw' ? Buffer : undefined;
  headers: FastifyRequest['headers'] & Output<E['headers']>;
  auth: AuthOf<E>;
};

/** What the handler answers: the JSON response (before the schema serializes it), or anything a page or redirect sends. */
type Answer<E extends EndpointSpec> = E['response'] extends z.ZodType ? z.input<E['response']> : unknown;

type EndpointHandler<E extends EndpointSpec> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<Answer<E>> | Answer<E>;

/**
 * Registers an endpoint from its contract: method, path, the schemas that validate params, query,
 * headers and body, the 200 answer and every error code it may answer (for the OpenAPI document and
 * the harness's undeclared-code check). Authentication and the declared limits run in the app's
 * onRequest hooks, which read `config.endpoint`, so they come before the body is parsed or validated.
 */
export function serve<E extends EndpointSpec>(app: ZodApp, spec: E, handler: EndpointHandler<E>): void {
  if (spec.auth === 'visitor' && spec.limits?.some((l) => l.per === 'member')) {
    throw new Error(`${spec.method} ${spec.path}: a per-member limit needs a signed-in member`);
  }
  const errors = errorResponses(...endpointErrors(spec));
  app.route({
    method: spec.method,
    url: spec.path,
    config: { endpoint: spec },
    schema: {
      tags: [spec.tag],
      ...(spec.hidden && { hide: true }),
      ...(spec.summary && { summary: spec.summary }),
      ...(spec.auth !== 'visitor' && { security: [{ bearer: [] }] }),
      ...(spec.params && { params: spec.params }),
      ...(spec.query && { querystring: spec.query }),
      ...(spec.headers && { headers: spec.headers }),
      ...(typeof spec.body === 'object' && { body: spec.body }),
      ...(spec.body === 'multipart' && { consumes: ['multipart/form-data'] }),
      response: spec.response ? { 200: spec.response, ...errors } : errors,
    },
    // The schemas above validated exactly the shapes EndpointRequest describes; the hooks set `auth`.
    handler: (request, reply) => handler(request as unknown as EndpointRequest<E>, reply),
  });
}
