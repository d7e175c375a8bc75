// The upload's face check through the real detector (face-api's tiny detector, SSD to confirm "none",
// in the face engine's worker): a picture without a face cannot become the main photo, and the
// moderation queue flags it. Faces are crops of the sample photos inside @vladmandic/face-api.
import type { PendingPhoto } from '@funkeln/contracts/admin';
import type { GalleryResponse } from '@funkeln/contracts/profiles';
import { describe, expect, it } from 'vitest';
import { faceCrop, faces, gradient } from '../../../test/faces.js';
import { bearer } from '../../../test/harness.js';
import { makeJpeg, multipart, sceneJpeg } from '../../../test/images.js';
import type { ApiMember } from '../../../test/members.js';
import { useSwipers } from '../../../test/swipers.js';

const { t, api, member } = useSwipers();

const needsFace = { error: 'main_photo_needs_face', message: 'Als Hauptfoto brauchen wir ein Foto, auf dem dein Gesicht zu sehen ist.' };

async function upload(m: ApiMember, image: Buffer) {
  const body = multipart(image);
  return t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, ...bearer(m.token) } });
}
const gallery = async (m: ApiMember) => (await api('GET', '/api/me/photos', m.token)).json<GalleryResponse>();
const faceCounts = async (m: ApiMember) =>
  (await t.c.db.query<{ face_count: number | null }>('SELECT face_count FROM photos WHERE user_id = $1 ORDER BY position', [m.id])).map((r) => r.face_count);

/** A member without photos (the fixture's member has one with a face; it is deleted). */
async function bare(name: string): Promise<ApiMember> {
  const m = await member(name, 'female', ['male']);
  for (const p of (await gallery(m)).photos) expect((await api('DELETE', `/api/me/photos/${p.id}`, m.token)).statusCode).toBe(200);
  return m;
}

describe('face check at upload', () => {
  it('refuses a faceless picture as the first photo in German and keeps nothing; with a face it is stored with its count', async () => {
    const m = await bare('Ohnegesicht');
    const files = async () => (await t.c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM photos WHERE user_id = $1', [m.id]))[0]?.n;
    const refused = await upload(m, await sceneJpeg(800, 600));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(needsFace);
    expect(await files()).toBe(0);

    expect((await upload(m, await makeJpeg(800, 600))).statusCode).toBe(200);
    // Behind a main photo with a face, a picture without one is fine (a landscape, a dog).
    expect((await upload(m, await gradient())).statusCode).toBe(200);
    expect(await faceCounts(m)).toEqual([1, 0]);
    expect((await gallery(m)).photos.map((p) => p.main)).toEqual([true, false]);
  });

  it('finds a face the tiny detector misses (the half-turned neighbour crop) through the SSD detector', async () => {
    const m = await bare('Schraeg');
    expect((await upload(m, await faceCrop(faces.neighbour))).statusCode).toBe(200);
    expect(await faceCounts(m)).toEqual([1]);
  });

  it('refuses a reorder or a delete that would make the faceless picture the main photo; the gallery stays as it was', async () => {
    const m = await member('Reihenfolge', 'female', ['male']);
    expect((await upload(m, await sceneJpeg(600, 400))).statusCode).toBe(200);
    const [face, faceless] = (await gallery(m)).photos.map((p) => p.id);
    const reorder = await api('PUT', '/api/me/photos/order', m.token, { ids: [faceless, face] });
    expect(reorder.statusCode).toBe(422);
    expect(reorder.json()).toEqual(needsFace);
    const remove = await api('DELETE', `/api/me/photos/${face}`, m.token);
    expect(remove.statusCode).toBe(422);
    expect(remove.json()).toEqual(needsFace);
    expect((await gallery(m)).photos.map((p) => [p.id, p.main])).toEqual([
      [face, true],
      [faceless, false],
    ]);

    // A second face photo may go first, and then the first one can go; the faceless one may be deleted any time.
    expect((await upload(m, await makeJpeg(500, 500))).statusCode).toBe(200);
    const third = (await gallery(m)).photos[2]?.id;
    expect((await api('PUT', '/api/me/photos/order', m.token, { ids: [third, faceless, face] })).statusCode).toBe(200);
    expect((await api('DELETE', `/api/me/photos/${face}`, m.token)).statusCode).toBe(200);
    expect((await api('DELETE', `/api/me/photos/${faceless}`, m.token)).statusCode).toBe(200);
    expect((await gallery(m)).photos.map((p) => p.id)).toEqual([third]);
  });

  it('treats photos from before the check (no count) as unknown, not as faceless', async () => {
    const m = await member('Altbestand', 'female', ['male']);
    await t.c.db.query('UPDATE photos SET face_count = NULL WHERE user_id = $1', [m.id]);
    expect((await upload(m, await makeJpeg(640, 480))).statusCode).toBe(200);
    const [old, added] = (await gallery(m)).photos.map((p) => p.id);
    expect((await api('PUT', '/api/me/photos/order', m.token, { ids: [added, old] })).statusCode).toBe(200);
    expect((await api('PUT', '/api/me/photos/order', m.token, { ids: [old, added] })).statusCode).toBe(200);
  });

  it("flags 'kein Gesicht' in the moderation queue", async () => {
    const { token: adminToken, id: adminId } = await member('Moderatorin', 'female', ['male']);
    await t.c.db.query("UPDATE users SET role = 'admin' WHERE id = $1", [adminId]);
    const m = await member('Wartend', 'female', ['male']);
    await t.c.settings.update({ MODERATION_REVIEW_THRESHOLD: '0.01' });
    try {
      expect((await upload(m, await makeJpeg(700, 500))).statusCode).toBe(200);
      expect((await upload(m, await sceneJpeg(700, 500))).statusCode).toBe(200);
    } finally {
      await t.c.settings.update({ MODERATION_REVIEW_THRESHOLD: '0.3' });
    }
    const [, face, faceless] = (await gallery(m)).photos.map((p) => p.id);
    const queue = (await api('GET', '/api/admin/photos/pending', adminToken)).json<PendingPhoto[]>();
    expect(queue.find((p) => p.id === faceless)).toMatchObject({ no_face: true, user_id: m.id });
    expect(queue.find((p) => p.id === face)).toMatchObject({ no_face: false });
  });
});
