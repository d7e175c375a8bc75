import { errorMessage } from '@funkeln/contracts/errors';
import { endpoint } from '@funkeln/contracts/routes/define';
import { safetyEndpoints } from '@funkeln/contracts/routes/safety';
import { walletEndpoints } from '@funkeln/contracts/routes/wallet';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/api-error';
import { call } from '../lib/api';
import { answerFor, failureFor, routeFor } from './api-handlers';
import { server } from './server';

/** An endpoint with a path parameter and a body, as the tables declare them. */
const rename = endpoint({
  method: 'PUT',
  path: '/api/things/:thingId/name',
  auth: 'member',
  body: z.object({ name: z.string() }),
  response: z.object({ id: z.string(), name: z.string() }),
  errors: ['not_found'],
  tag: 'test',
});

describe('endpoint handlers', () => {
  it('answerFor answers the endpoint with its response schema', async () => {
    server.use(answerFor(walletEndpoints.wallet, { credits: 5, freeCredits: 0, freePassLeftToday: 0, premiumUntil: null, premiumPrice: 100, history: [], payments: 'test', rewards: [] }));
    expect((await call(walletEndpoints.wallet)).credits).toBe(5);
  });

  it("routeFor hands the path's parameters and the parsed body to the resolver", async () => {
    server.use(routeFor(rename, ({ params, body }) => ({ id: params.thingId, name: body.name })));
    expect(await call(rename, { params: { thingId: 't-1' }, body: { name: 'Neu' } })).toEqual({ id: 't-1', name: 'Neu' });
  });

  it("failureFor answers the catalogue's status and sentence", async () => {
    server.use(failureFor(safetyEndpoints.report, 'self_report'));
    const failed = call(safetyEndpoints.report, { body: { userId: 'u-1', reason: 'spam', details: '', block: false } });
    await expect(failed).rejects.toMatchObject({ status: 400, code: 'self_report', message: errorMessage('self_report') });
    await expect(failed).rejects.toBeInstanceOf(ApiError);
  });

  it('failureFor refuses a code the endpoint never answers', () => {
    expect(() => failureFor(walletEndpoints.buyPremium, 'self_report')).toThrow(/does not answer 'self_report'/);
    // Codes any route answers, and those of the auth level and limits, are allowed.
    expect(() => failureFor(walletEndpoints.buyPremium, 'unavailable')).not.toThrow();
    expect(() => failureFor(walletEndpoints.buyPremium, 'unauthorized')).not.toThrow();
    expect(() => failureFor(safetyEndpoints.report, 'rate_limited', { limit: 'report' })).not.toThrow();
  });
});
