import type { FastifyInstance } from 'fastify';
import type { Gender } from '@funkeln/contracts/profiles';
import { bearer, register } from './harness.js';
import { makeJpeg, multipart } from './images.js';
import type { ApiMember } from './members.js';

/**
 * A member who shows up in feeds: registered through the API, with an uploaded photo (approved
 * when the app's moderator approves it) and a profile in the given town. `photoWidth` varies the
 * photo's bytes between members.
 */
export async function memberWithPhoto(
  app: FastifyInstance,
  m: { name: string; gender: Gender; wants: Gender[]; placeId: number; photoWidth?: number },
): Promise<ApiMember> {
  const { token } = await register(app, undefined, undefined, m.name);
  const id = (await app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).json<{ id: string }>().id;
  const body = multipart(await makeJpeg(m.photoWidth ?? 400, 400));
  const upload = await app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
  if (upload.statusCode !== 200) throw new Error(`upload failed: ${upload.statusCode} ${upload.body}`);
  const profile = { birthDate: '1995-06-15', gender: m.gender, interestedIn: m.wants, ageMin: 18, ageMax: 60, placeId: m.placeId };
  const res = await app.inject({ method: 'PUT', url: '/api/me/profile', headers: bearer(token), payload: profile });
  if (res.statusCode !== 200) throw new Error(`profile failed: ${res.statusCode} ${res.body}`);
  return { id, token, name: m.name };
}
