import { blocksEndpoints as endpoints } from '@funkeln/contracts/routes/blocks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import type { BlocksService } from './blocks.service.js';

export function blocksRoutes(blocks: BlocksService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.list, (req) => blocks.blocked(req.auth.user.id));
    serve(app, endpoints.block, async (req) => {
      await blocks.block(req.auth.user.id, req.params.memberId);
      return { message: 'Mitglied blockiert. Ihr seht euch gegenseitig nicht mehr.' };
    });
    serve(app, endpoints.unblock, async (req) => {
      await blocks.unblock(req.auth.user.id, req.params.memberId);
      return { message: 'Blockierung aufgehoben.' };
    });
  };
}
