import { pathOf } from '@funkeln/contracts/routes/define';
import { profilesEndpoints as endpoints } from '@funkeln/contracts/routes/profiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import { sendJpeg } from '../photos/index.js';
import { renderNotPublicPage, renderSharePage, SHARE_CSS } from './share-page.js';
import type { ShareService } from './share.service.js';

export function shareRoutes(share: ShareService, publicUrl: string): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.shareCss, async (_req, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SHARE_CSS),
    );

    serve(app, endpoints.sharePage, async (req, reply) => {
      const shared = await share.page(req.params.id, publicUrl);
      // Not stored anywhere: a member who turns sharing off takes the page down at once.
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!shared) return reply.code(404).send(renderNotPublicPage(`${publicUrl}/register`));
      return reply.send(
        renderSharePage({
          name: shared.name,
          age: shared.age,
          city: shared.city,
          imageUrl: shared.imageUrl,
          pageUrl: `${publicUrl}${pathOf(endpoints.sharePage.path, { id: shared.memberId })}`,
          appUrl: `${publicUrl}/profile/${shared.memberId}`,
          reportUrl: `${publicUrl}/report/${shared.memberId}`,
        }),
      );
    });

    // Not stored either (no browser, proxy or CDN copy answers after the sharing ends).
    serve(app, endpoints.shareImage, async (req, reply) => sendJpeg(reply, await share.image(req.params.id, req.query.exp, req.query.sig), 'no-store'));
  };
}
