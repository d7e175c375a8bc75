import { endpoint } from '@funkeln/contracts/routes/define';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { server } from '../test/server';
import { call, callWithHeaders, hrefOf } from './api';
import { ApiError } from './api-error';
import { setToken } from './token-storage';

const probe = endpoint({
  method: 'POST',
  path: '/api/probe/:memberId/items/:itemId',
  auth: 'member',
  query: z.object({ before: z.string().optional(), skip: z.string().optional(), limit: z.number().optional() }),
  body: z.object({ text: z.string() }),
  response: z.object({ ok: z.boolean() }),
  errors: ['not_found'],
  tag: 'test',
});

interface Seen {
  url: URL;
  method: string;
  body: unknown;
  headers: Headers;
}

function capture(status = 200, answer: unknown = { ok: true }) {
  const seen: Seen[] = [];
  server.use(
    http.all('/api/probe/*', async ({ request }) => {
      seen.push({ url: new URL(request.url), method: request.method, body: await request.json(), headers: request.headers });
      return HttpResponse.json(answer as Record<string, unknown>, { status });
    }),
  );
  return seen;
}

describe('call', () => {
  it('fills the path parameters (each one encoded segment), the query and the JSON body from the contract', async () => {
    const seen = capture();
    setToken('session-token');
    const data = await call(probe, { params: { memberId: 'a/b c', itemId: '7' }, query: { before: 'x&y', skip: undefined, limit: 3 }, body: { text: 'Hallo' } });
    expect(data).toEqual({ ok: true });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.url.pathname).toBe('/api/probe/a%2Fb%20c/items/7');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({ before: 'x&y', limit: '3' });
    expect(request?.body).toEqual({ text: 'Hallo' });
    expect(request?.headers.get('authorization')).toBe('Bearer session-token');
  });

  it('hands back the response headers with callWithHeaders', async () => {
    server.use(http.post('/api/probe/*', () => HttpResponse.json({ ok: true }, { headers: { 'x-next-cursor': 'c1' } })));
    const { data, headers } = await callWithHeaders(probe, { params: { memberId: 'm', itemId: 'i' }, body: { text: '' } });
    expect(data.ok).toBe(true);
    expect(headers.get('x-next-cursor')).toBe('c1');
  });

  it('turns an error body into an ApiError with its catalogue code and German message', async () => {
    capture(404, { error: 'not_found', message: 'Nicht gefunden.' });
    const failure = await call(probe, { params: { memberId: 'm', itemId: 'i' }, body: { text: '' } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, code: 'not_found', message: 'Nicht gefunden.' });
  });

  it('refuses an answer its response schema does not accept', async () => {
    capture(200, { ok: 'yes' });
    await expect(call(probe, { params: { memberId: 'm', itemId: 'i' }, body: { text: '' } })).rejects.toMatchObject({ code: 'invalid_response' });
  });
});

describe('hrefOf', () => {
  it('builds links to pages and redirects from the same table', () => {
    expect(hrefOf(probe, { params: { memberId: 'ä', itemId: '1' }, query: { skip: ['a', 'b'] } })).toBe('/api/probe/%C3%A4/items/1?skip=a%2Cb');
    expect(() => hrefOf(probe, { params: { memberId: 'x' } as { memberId: string; itemId: string } })).toThrow(/itemId/);
  });
});
