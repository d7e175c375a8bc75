import { companionEndpoints as endpoints } from '@funkeln/contracts/routes/companion';
import { IDEMPOTENCY_HEADER } from '@funkeln/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/endpoints.js';
import { type AuthContext, isPremium } from '../auth/index.js';
import type { CompanionService, Member } from './companion.service.js';

const memberOf = (auth: AuthContext): Member => ({ id: auth.user.id, name: auth.user.display_name, premium: isPremium(auth.user.premium_until) });

/** Spec 7: the Digital Friend under /api/ai/df. */
export function companionRoutes(companion: CompanionService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.info, (req) => companion.info(memberOf(req.auth)));
    serve(app, endpoints.conversations, (req) => companion.conversations(req.auth.user.id));
    serve(app, endpoints.start, (req) => companion.start(memberOf(req.auth)));
    serve(app, endpoints.history, (req) => companion.history(req.auth.user.id, req.params.id));
    serve(app, endpoints.message, (req) => companion.message(memberOf(req.auth), req.params.id, req.body.content, req.headers[IDEMPOTENCY_HEADER]));
    serve(app, endpoints.saveMemory, (req) => companion.saveMemory(req.auth.user.id, req.body.content, req.body.tags));
    serve(app, endpoints.memories, (req) => companion.memories(req.auth.user.id));
    serve(app, endpoints.deleteMemory, async (req) => {
      await companion.deleteMemory(req.auth.user.id, req.params.id);
      return { message: 'Erinnerung gelöscht.' };
    });
  };
}
