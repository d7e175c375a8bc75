import { messagesEndpoints as endpoints } from '@funkeln/contracts/routes/messages';
import { IDEMPOTENCY_HEADER } from '@funkeln/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import type { ComposeService } from './compose.service.js';
import type { MessagesService } from './messages.service.js';
import type { PatternFlagsService } from './pattern-flags.service.js';
import type { ReadStateService } from './read-state.service.js';

export interface MessagesServices {
  messages: MessagesService;
  readState: ReadStateService;
  compose: ComposeService;
  patternFlags: PatternFlagsService;
}

export function messagesRoutes({ messages, readState, compose, patternFlags }: MessagesServices): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.inbox, (req) => messages.inbox(req.auth.user.id));
    serve(app, endpoints.unread, async (req) => ({ count: await readState.unread(req.auth.user.id) }));
    serve(app, endpoints.send, (req) => messages.send(req.auth.user.id, req.params.recipientId, req.body, req.headers[IDEMPOTENCY_HEADER]));
    serve(app, endpoints.conversations, (req) => messages.conversations(req.auth.user.id));
    serve(app, endpoints.conversation, (req) => messages.conversation(req.auth.user.id, req.params.memberId, req.query));
    serve(app, endpoints.markRead, async (req) => ({ marked: await readState.markRead(req.auth.user.id, req.params.memberId) }));
    serve(app, endpoints.compose, (req) => compose.compose(req.auth.user.id, req.params.memberId));
    serve(app, endpoints.patternFlags, () => patternFlags.open());
    serve(app, endpoints.dismissPatternFlag, (req) => patternFlags.dismiss({ id: req.auth.user.id, email: req.auth.user.email }, req.params.id));
  };
}
