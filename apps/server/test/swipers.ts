import type { FastifyInstance } from 'fastify';
import { beforeAll } from 'vitest';
import type { Gender } from '@funkeln/contracts/profiles';
import { bearer, register } from './harness.js';
import { makeJpeg, multipart } from './images.js';
import type { Moderator } from '../src/modules/photos/moderation/moderator.js';
import { useTestApp } from './fixture.js';
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

/** A moderator that approves every photo at once (feeds only show approved photos). */
export const approveAll: Moderator = {
  classify: async () => ({ Drawing: 0.02, Hentai: 0.01, Neutral: 0.95, Porn: 0.01, Sexy: 0.01 }),
  close: async () => undefined,
};

/**
 * One app for a test file whose members swipe: photos approved at once, Berlin and Potsdam looked
 * up, and the helpers the feed, swipes and blocks tests share.
 */
export function useSwipers(setup: { listen?: boolean } = {}) {
  const t = useTestApp({ overrides: { moderator: approveAll }, listen: setup.listen });
  const place = { berlin: 0, potsdam: 0 };
  beforeAll(async () => {
    await t.c.places.ensureLoaded();
    const find = async (q: string) => (await t.c.places.search(q))[0]?.id ?? 0;
    place.berlin = await find('Berlin');
    place.potsdam = await find('Potsdam');
  }, 60_000);
  const api = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, token: string, payload?: object) => t.api(method, url, token, payload);
  const member = (name: string, gender: 'female' | 'male', wants: ('female' | 'male')[], placeId = place.berlin): Promise<ApiMember> =>
    memberWithPhoto(t.app, { name, gender, wants, placeId });
  const feedIds = async (m: ApiMember, query = '') => (await api('GET', `/api/feed${query}`, m.token)).json<{ id: string }[]>().map((c) => c.id);
  const act = (m: ApiMember, target: string, type: string) => api('POST', `/api/likes/${target}?type=${type}`, m.token);
  return { t, place, api, member, feedIds, act };
}
