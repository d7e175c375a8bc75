import { blockParams } from '@funkeln/contracts/blocks';
import { errorResponses, messageBody } from '@funkeln/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth, type SessionService } from '../auth/index.js';
import type { BlocksService } from './blocks.service.js';

export function blocksRoutes(blocks: BlocksService, sessions: SessionService): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = requireAuth(sessions);
    const tags = ['blocks'];

    app.post('/blocks/:userId', { preHandler: signedIn, schema: { tags, params: blockParams, response: { 200: messageBody, ...errorResponses('unauthorized', 'self_block', 'not_found') } } }, async (req) => {
      await blocks.block(authOf(req).user.id, req.params.userId);
      return { message: 'Mitglied blockiert. Ihr seht euch gegenseitig nicht mehr.' };
    });

    app.delete('/blocks/:userId', { preHandler: signedIn, schema: { tags, params: blockParams, response: { 200: messageBody, ...errorResponses('unauthorized') } } }, async (req) => {
      await blocks.unblock(authOf(req).user.id, req.params.userId);
      return { message: 'Blockierung aufgehoben.' };
    });
  };
}
