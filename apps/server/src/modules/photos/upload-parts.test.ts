import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, register, type TestApp } from '../../../test/harness.js';
import { makeJpeg } from '../../../test/images.js';
import type { Moderator } from './moderation/moderator.js';

const safe: Moderator = {
  classify: async () => ({ Drawing: 0.05, Hentai: 0.01, Neutral: 0.9, Porn: 0.02, Sexy: 0.02 }),
  close: async () => undefined,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {}, { moderator: safe });
});
afterAll(() => t.close());

type Part = { name: string; file?: Buffer; value?: string };

/** A multipart/form-data body of several parts: files (with a filename) and plain fields. */
function form(parts: Part[]) {
  const boundary = `----funkeln${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      p.file
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`,
    ),
    p.file ?? Buffer.from(p.value ?? ''),
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const photoCount = async (memberId: string) =>
  (await t.c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM photos WHERE user_id = $1', [memberId]))[0]?.n ?? 0;

describe('POST /api/photos/upload takes exactly one part, the file', () => {
  it('refuses a second file, a second part of another name and any extra field, with a German 4xx, and stores nothing', async () => {
    const { token } = await register(t.app);
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).json<{ id: string }>().id;
    const [one, two] = [await makeJpeg(800, 600), await makeJpeg(640, 480)];
    const oneFile = { error: 'too_many_files', message: 'Bitte lade genau ein Foto hoch.' };
    const noField = { error: 'too_many_fields', message: 'Die Anfrage enthält zu viele Felder.' };
    const attempts: [string, Part[], object][] = [
      ['two file parts', [{ name: 'file', file: one }, { name: 'file', file: two }], oneFile],
      ['a file and another file', [{ name: 'file', file: one }, { name: 'bild', file: two }], oneFile],
      ['a file, then a field', [{ name: 'file', file: one }, { name: 'caption', value: 'hallo' }], noField],
      ['a field, then the file', [{ name: 'caption', value: 'hallo' }, { name: 'file', file: one }], noField],
    ];
    for (const [what, parts, refusal] of attempts) {
      const body = form(parts);
      const res = await t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
      expect([res.statusCode, res.json()], what).toEqual([413, refusal]);
    }
    expect(await photoCount(me)).toBe(0);

    const single = form([{ name: 'file', file: one }]);
    const ok = await t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: single.payload, headers: { ...single.headers, ...bearer(token) } });
    expect(ok.statusCode).toBe(200);
    expect(await photoCount(me)).toBe(1);
  });
});
