import {
  companionConversationsResponse,
  companionHistoryResponse,
  companionInfo,
  companionMessageBody,
  companionMessageResponse,
  companionStartResponse,
  conversationIdParams,
  memoriesResponse,
  memory,
  memoryBody,
  memoryIdParams,
} from '@funkeln/contracts/companion';
import { errorResponses, messageBody } from '@funkeln/contracts/errors';
import { IDEMPOTENCY_HEADER, idempotencyHeaders } from '@funkeln/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthContext, authOf, isPremium, requireAuth, type SessionService } from '../auth/index.js';
import type { CompanionService, Member } from './companion.service.js';


const memberOf = (auth: AuthContext): Member => ({ id: auth.user.id, name: auth.user.display_name, premium: isPremium(auth.user.premium_until) });

/** Spec 7: the Digital Friend under /api/ai/df. */
export function companionRoutes(companion: CompanionService, sessions: SessionService): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = requireAuth(sessions);
    const tags = ['companion'];

    app.get('/ai/df/info', { preHandler: signedIn, schema: { tags, response: { 200: companionInfo, ...errorResponses('unauthorized') } } }, (req) => companion.info(memberOf(authOf(req))));

    app.get('/ai/df/conversations', { preHandler: signedIn, schema: { tags, response: { 200: companionConversationsResponse, ...errorResponses('unauthorized') } } }, (req) =>
      companion.conversations(authOf(req).user.id),
    );

    app.post('/ai/df/start', { preHandler: signedIn, schema: { tags, response: { 200: companionStartResponse, ...errorResponses('unauthorized') } } }, (req) =>
      companion.start(memberOf(authOf(req))),
    );

    app.get(
      '/ai/df/:id/messages',
      { preHandler: signedIn, schema: { tags, params: conversationIdParams, response: { 200: companionHistoryResponse, ...errorResponses('unauthorized', 'not_found') } } },
      (req) => companion.history(authOf(req).user.id, req.params.id),
    );

    app.post(
      '/ai/df/:id/message',
      {
        preHandler: signedIn,
        schema: { tags, params: conversationIdParams, headers: idempotencyHeaders, body: companionMessageBody, response: { 200: companionMessageResponse, ...errorResponses('unauthorized', 'not_found', 'rate_limited', 'insufficient_credits', 'idempotency_conflict', 'companion_unavailable') } },
      },
      (req) => companion.message(memberOf(authOf(req)), req.params.id, req.body.content, req.headers[IDEMPOTENCY_HEADER]),
    );

    app.post('/ai/df/memory', { preHandler: signedIn, schema: { tags, body: memoryBody, response: { 200: memory, ...errorResponses('unauthorized', 'rate_limited') } } }, (req) =>
      companion.saveMemory(authOf(req).user.id, req.body.content, req.body.tags),
    );

    app.get('/ai/df/memories', { preHandler: signedIn, schema: { tags, response: { 200: memoriesResponse, ...errorResponses('unauthorized') } } }, (req) =>
      companion.memories(authOf(req).user.id),
    );

    app.delete(
      '/ai/df/memories/:id',
      { preHandler: signedIn, schema: { tags, params: memoryIdParams, response: { 200: messageBody, ...errorResponses('unauthorized', 'not_found') } } },
      async (req) => {
        await companion.deleteMemory(authOf(req).user.id, req.params.id);
        return { message: 'Erinnerung gelöscht.' };
      },
    );
  };
}
