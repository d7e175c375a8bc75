import type { FastifyReply } from 'fastify';

/**
 * A JPEG behind a signed link: cacheable by this browser only, until the link expires; or as
 * `cacheControl` says (a share page's image: 'no-store', its link may die before it expires).
 */
export function sendJpeg(reply: FastifyReply, image: { data: Buffer; maxAge: number }, cacheControl = `private, max-age=${image.maxAge}, immutable`): FastifyReply {
  return reply.type('image/jpeg').header('cache-control', cacheControl).header('content-disposition', 'inline').send(image.data);
}
