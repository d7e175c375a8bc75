import { errorResponses } from '@funkeln/contracts/errors';
import {
  composeInfo,
  conversationResponse,
  conversationsResponse,
  historyQuery,
  inboxResponse,
  memberParams,
  recipientParams,
  sendMessageBody,
  sendMessageResponse,
  unreadResponse,
} from '@funkeln/contracts/messages';
import { IDEMPOTENCY_HEADER, idempotencyHeaders } from '@funkeln/contracts/wallet';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth, type SessionService } from '../auth/index.js';
import type { ComposeService } from './compose.service.js';
import type { MessagesService } from './messages.service.js';
import type { ReadStateService } from './read-state.service.js';


export interface MessagesServices {
  messages: MessagesService;
  readState: ReadStateService;
  compose: ComposeService;
}

export function messagesRoutes({ messages, readState, compose }: MessagesServices, sessions: SessionService): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = requireAuth(sessions);
    const tags = ['messages'];

    app.get('/messages', { preHandler: signedIn, schema: { tags, response: { 200: inboxResponse, ...errorResponses('unauthorized') } } }, (req) =>
      messages.inbox(authOf(req).user.id),
    );

    app.get('/messages/unread', { preHandler: signedIn, schema: { tags, response: { 200: unreadResponse, ...errorResponses('unauthorized') } } }, async (req) => ({
      count: await readState.unread(authOf(req).user.id),
    }));

    app.post(
      '/messages/:recipientId',
      {
        preHandler: signedIn,
        schema: { tags, params: recipientParams, headers: idempotencyHeaders, body: sendMessageBody, response: { 200: sendMessageResponse, ...errorResponses('unauthorized', 'rate_limited', 'idempotency_conflict', 'client_id_conflict', 'self_message', 'not_found', 'blocked', 'not_liked', 'profile_required', 'daily_limit', 'free_credits_limit', 'insufficient_credits') } },
      },
      (req) => messages.send(authOf(req).user.id, req.params.recipientId, req.body, req.headers[IDEMPOTENCY_HEADER]),
    );

    app.get('/conversations', { preHandler: signedIn, schema: { tags, response: { 200: conversationsResponse, ...errorResponses('unauthorized') } } }, (req) =>
      messages.conversations(authOf(req).user.id),
    );

    app.get(
      '/conversations/:memberId',
      { preHandler: signedIn, schema: { tags, params: memberParams, querystring: historyQuery, response: { 200: conversationResponse, ...errorResponses('unauthorized', 'not_found', 'bad_cursor') } } },
      (req) => messages.conversation(authOf(req).user.id, req.params.memberId, req.query),
    );

    app.post(
      '/conversations/:memberId/read',
      { preHandler: signedIn, schema: { tags, params: memberParams, response: { 200: z.object({ marked: z.number().int() }), ...errorResponses('unauthorized') } } },
      async (req) => ({ marked: await readState.markRead(authOf(req).user.id, req.params.memberId) }),
    );

    app.get(
      '/conversations/:memberId/compose',
      { preHandler: signedIn, schema: { tags, params: memberParams, response: { 200: composeInfo, ...errorResponses('unauthorized', 'not_found') } } },
      (req) => compose.compose(authOf(req).user.id, req.params.memberId),
    );
  };
}
