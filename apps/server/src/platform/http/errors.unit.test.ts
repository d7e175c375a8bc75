import { errorResponses } from '@funkeln/contracts/errors';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, registerErrorHandling } from './errors.js';

async function appWith(onUndeclared: (report: string) => void) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, onUndeclared);
  const response = { 200: z.object({ ok: z.boolean() }), ...errorResponses('not_found') };
  app.get('/declared', { schema: { response } }, async () => {
    throw new AppError('not_found', { params: { of: 'match' } });
  });
  app.get('/undeclared', { schema: { response } }, async () => {
    throw new AppError('already_voted');
  });
  app.post('/body', { schema: { body: z.object({ n: z.number() }), response } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('error answers', () => {
  it('take status and German message from the catalogue', async () => {
    const app = await appWith(() => undefined);
    const res = await app.inject({ method: 'GET', url: '/declared' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Dieses Match gibt es nicht.' });
    const limited = new AppError('rate_limited', { params: { limit: 'swipe' }, headers: { 'retry-after': '3' } });
    expect([limited.statusCode, limited.message, limited.headers]).toEqual([429, 'Du swipest sehr schnell. Bitte mach eine kurze Pause.', { 'retry-after': '3' }]);
  });

  it('report a code the route did not declare, but not its declared or the framework codes', async () => {
    const reports: string[] = [];
    const app = await appWith((report) => reports.push(report));
    expect((await app.inject({ method: 'GET', url: '/undeclared' })).statusCode).toBe(409); // the member still gets the answer
    await app.inject({ method: 'GET', url: '/declared' });
    await app.inject({ method: 'POST', url: '/body', payload: { n: 'x' } });
    await app.inject({ method: 'POST', url: '/body', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(reports).toEqual(['GET /undeclared answered the undeclared error code already_voted']);
  });
});
