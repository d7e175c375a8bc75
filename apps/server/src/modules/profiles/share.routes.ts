import { pathOf } from '@funkeln/contracts/routes/define';
import { profilesEndpoints as endpoints } from '@funkeln/contracts/routes/profiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serve } from '../../platform/endpoints.js';
import type { PhotosService } from '../photos/index.js';
import type { ProfilesService } from './profiles.service.js';
import { renderNotPublicPage, renderSharePage, SHARE_CSS } from './share-page.js';

/** Messengers fetch the preview image a while after the link was shared. */
const SHARE_IMAGE_TTL = 7 * 24 * 3600;

export function shareRoutes(profiles: ProfilesService, photos: PhotosService, publicUrl: string): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.shareCss, async (_req, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SHARE_CSS),
    );

    serve(app, endpoints.sharePage, async (req, reply) => {
      const id = req.params.id;
      const shared = z.uuid().safeParse(id).success ? await profiles.getShareable(id) : undefined;
      // Not stored anywhere: a member who turns sharing off takes the page down at once.
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!shared) return reply.code(404).send(renderNotPublicPage(`${publicUrl}/register`));
      const urls = await photos.publicUrls(shared.photo, SHARE_IMAGE_TTL, publicUrl);
      return reply.send(
        renderSharePage({
          name: shared.name,
          age: shared.age,
          city: shared.city,
          imageUrl: urls?.url ?? null,
          pageUrl: `${publicUrl}${pathOf(endpoints.sharePage.path, { id })}`,
          appUrl: `${publicUrl}/profile/${id}`,
        }),
      );
    });
  };
}
