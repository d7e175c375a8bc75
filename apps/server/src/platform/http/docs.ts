import { errorStatus } from '@funkeln/contracts/errors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { implicitErrorCodes, methodOf } from './errors.js';

type JsonSchema = Record<string, unknown>;

const isErrorBody = (schema: JsonSchema) => (schema.properties as JsonSchema | undefined)?.error !== undefined;

const errorSchema = (codes: string[]): JsonSchema => ({
  type: 'object',
  properties: { error: { type: 'string', enum: codes }, message: { type: 'string' } },
  required: ['error', 'message'],
  additionalProperties: false,
});

/**
 * Each operation's error responses list their codes: the route's declared ones (errorResponses
 * in the route schema, carried as x-error-codes) plus implicitErrorCodes, grouped by status.
 */
function withErrorCodes(method: string, route: FastifySchema | undefined, response: Record<string, JsonSchema> | undefined): Record<string, JsonSchema> {
  const byStatus = new Map<string, Set<string>>();
  const add = (status: string, code: string) => byStatus.set(status, (byStatus.get(status) ?? new Set()).add(code));
  const out: Record<string, JsonSchema> = {};
  for (const [status, schema] of Object.entries(response ?? {})) {
    const declared = schema['x-error-codes'];
    if (Array.isArray(declared)) for (const code of declared) add(status, String(code));
    else if (!isErrorBody(schema)) out[status] = schema; // an errorBody without declared codes lists none
  }
  for (const code of implicitErrorCodes(method, route)) add(String(errorStatus(code)), code);
  for (const [status, codes] of byStatus) out[status] = errorSchema([...codes]);
  return out;
}

/**
 * OpenAPI document built from the routes' zod schemas (app.swagger(); the fuzz test reads it),
 * served with its UI at /api/docs only when `ui` is on (API_DOCS).
 */
export async function registerDocs(app: FastifyInstance, ui: boolean): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Funkeln API',
        version: '1.0.0',
        description: 'API der Dating-App Funkeln. Alle Fehler: { error, message }; die möglichen Codes stehen je Antwortstatus bei der Operation.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: (arg) => {
      const result = jsonSchemaTransform(arg);
      const schema = result.schema as FastifySchema & { response?: Record<string, JsonSchema> };
      return { ...result, schema: { ...schema, response: withErrorCodes(methodOf(arg.route.method), arg.schema, schema.response) } };
    },
  });
  if (ui) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
