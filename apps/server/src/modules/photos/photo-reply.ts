import type { FastifyReply } from 'fastify';

/** A JPEG behind a signed link: cacheable by this browser only, until the link expires. */
export function sendJpeg(reply: FastifyReply, image: { data: Buffer; maxAge: number }): FastifyReply {
  return reply
    .type('image/jpeg')
    .header('cache-control', `private, max-age=${image.maxAge}, immutable`)
    .header('content-disposition', 'inline')
    .send(image.data);
}
