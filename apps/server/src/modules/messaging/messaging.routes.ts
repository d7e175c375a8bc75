import { errorBody } from '@funkeln/contracts/errors';
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
import { authOf, requireAuth, type SessionService } from '../accounts/index.js';
import type { ComposeService } from './compose.service.js';
import type { MessagesService } from './messages.service.js';
import type { ReadStateService } from './read-state.service.js';

const errors = { 400: errorBody, 401: errorBody, 402: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

export interface MessagingServices {
  messages: MessagesService;
  readState: ReadStateService;
  compose: ComposeService;
}

export function messagingRoutes({ messages, readState, compose }: MessagingServices, sessions: SessionService): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = requireAuth(sessions);
    const tags = ['messages'];

    app.get('/messages', { preHandler: signedIn, schema: { tags, response: { 200: inboxResponse, ...errors } } }, (req) =>
      messages.inbox(authOf(req).user.id),
    );

    app.get('/messages/unread', { preHandler: signedIn, schema: { tags, response: { 200: unreadResponse, ...errors } } }, async (req) => ({
      count: await readState.unread(authOf(req).user.id),
    }));

    app.post(
      '/messages/:recipientId',
      {
        preHandler: signedIn,
        schema: { tags, params: recipientParams, headers: idempotencyHeaders, body: sendMessageBody, response: { 200: sendMessageResponse, ...errors } },
      },
      (req) => messages.send(authOf(req).user.id, req.params.recipientId, req.body, req.headers[IDEMPOTENCY_HEADER]),
    );

    app.get('/conversations', { preHandler: signedIn, schema: { tags, response: { 200: conversationsResponse, ...errors } } }, (req) =>
      messages.conversations(authOf(req).user.id),
    );

    app.get(
      '/conversations/:memberId',
      { preHandler: signedIn, schema: { tags, params: memberParams, querystring: historyQuery, response: { 200: conversationResponse, ...errors } } },
      (req) => messages.conversation(authOf(req).user.id, req.params.memberId, req.query),
    );

    app.post(
      '/conversations/:memberId/read',
      { preHandler: signedIn, schema: { tags, params: memberParams, response: { 200: z.object({ marked: z.number().int() }), ...errors } } },
      async (req) => ({ marked: await readState.markRead(authOf(req).user.id, req.params.memberId) }),
    );

    app.get(
      '/conversations/:memberId/compose',
      { preHandler: signedIn, schema: { tags, params: memberParams, response: { 200: composeInfo, ...errors } } },
      (req) => compose.compose(authOf(req).user.id, req.params.memberId),
    );
  };
}
