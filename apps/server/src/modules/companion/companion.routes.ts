import { companionEndpoints as endpoints } from '@funkeln/contracts/routes/companion';
import { COMPANION_STREAM_TYPE } from '@funkeln/contracts/companion';
import { IDEMPOTENCY_HEADER } from '@funkeln/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import { type AuthContext, isPremium } from '../auth/index.js';
import type { CompanionService, Member } from './companion.service.js';
import { streamReply } from './message-stream.js';

const memberOf = (auth: AuthContext): Member => ({ id: auth.user.id, name: auth.user.display_name, premium: isPremium(auth.user.premium_until) });

/** Spec 7: the Digital Friend under /api/ai/df. */
export function companionRoutes(companion: CompanionService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.info, (req) => companion.info(memberOf(req.auth)));
    serve(app, endpoints.conversations, (req) => companion.conversations(req.auth.user.id));
    serve(app, endpoints.start, (req) => companion.start(memberOf(req.auth)));
    serve(app, endpoints.history, (req) => companion.history(req.auth.user.id, req.params.id));
    serve(app, endpoints.message, (req) => companion.message(memberOf(req.auth), req.params.id, req.body.content, req.headers[IDEMPOTENCY_HEADER]));
    serve(app, endpoints.messageStream, async (req, reply) => {
      const prepared = await companion.prepare(memberOf(req.auth), req.params.id, req.body.content, req.headers[IDEMPOTENCY_HEADER]);
      // No proxy may hold the pieces back (nginx buffers unless told).
      void reply.type(COMPANION_STREAM_TYPE).header('cache-control', 'no-cache').header('x-accel-buffering', 'no');
      return streamReply(prepared, req.log);
    });
    serve(app, endpoints.saveMemory, (req) => companion.saveMemory(req.auth.user.id, req.body.content, req.body.tags));
    serve(app, endpoints.memories, (req) => companion.memories(req.auth.user.id));
    serve(app, endpoints.deleteMemory, async (req) => {
      await companion.deleteMemory(req.auth.user.id, req.params.id);
      return { message: 'Erinnerung gelöscht.' };
    });
  };
}
