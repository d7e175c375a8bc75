import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI document built from the routes' zod schemas (app.swagger(); the fuzz test reads it),
 * served with its UI at /api/docs only when `ui` is on (API_DOCS).
 */
export async function registerDocs(app: FastifyInstance, ui: boolean): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Funkeln API', version: '1.0.0', description: 'API der Dating-App Funkeln. Alle Fehler: { error, message }.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  if (ui) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
