// Photo verification across two processes (PostgreSQL + Redis): the faces on the member's photos,
// analysed by the process that started the attempt, reach the process that receives the recording
// through the shared TTL store, and are gone after the check. Scripted face engine (a live head turn
// cannot be recorded offline: test/scripted-face-engine.ts).
import { describe, expect, it } from 'vitest';
import { bearer, register } from '../../../test/harness.js';
import { clustered, eventually, useClusterPair } from '../../../test/cluster.js';
import { multipart } from '../../../test/images.js';
import { ScriptedFaceEngine, scriptedPhoto, scriptedTurn } from '../../../test/scripted-face-engine.js';
import { approveAll } from '../../../test/swipers.js';
import { fileParts } from '../../../test/verification.js';

describe.runIf(clustered)('photo verification on two processes', () => {
  // Each node has its own data folder: the second cannot read the photos the first stored.
  const engine = new ScriptedFaceEngine();
  const cluster = useClusterPair(() => ({ overrides: { moderator: approveAll, faceEngine: engine } }));

  it('checks a selfie received by the other process against the faces the first one analysed, then forgets them', async () => {
    const { one, two, prefix } = cluster;
    const { token } = await register(one.app);
    const photo = multipart(await scriptedPhoto(engine));
    const upload = await one.app.inject({ method: 'POST', url: '/api/photos/upload', payload: photo.payload, headers: { ...photo.headers, ...bearer(token) } });
    expect(upload.statusCode, upload.body).toBe(200);
    expect((await one.app.inject({ method: 'PUT', url: '/api/me/verification/consent', payload: { given: true }, headers: bearer(token) })).statusCode).toBe(200);
    const started = await one.app.inject({ method: 'POST', url: '/api/me/verification/attempts', headers: bearer(token) });
    const { attemptId } = started.json<{ attemptId: string }>();
    await one.c.db.query("UPDATE verification_attempts SET instruction = 'turn_left' WHERE id = $1", [attemptId]);
    const redis = one.c.redis;
    if (!redis) throw new Error('clustered tests run with Redis');
    const key = `${prefix}ttl:face-refs:${attemptId}`;
    await eventually(async () => (await redis.exists(key)) === 1);
    expect(await redis.pttl(key)).toBeGreaterThan(0); // expires with the attempt

    const selfie = fileParts((await scriptedTurn(engine)).map((data) => ({ field: 'frame', data })));
    const res = await two.app.inject({
      method: 'POST',
      url: `/api/me/verification/attempts/${attemptId}/selfie`,
      payload: selfie.payload,
      headers: { ...selfie.headers, ...bearer(token) },
    });
    // Had the second process analysed the photos itself, it would have found no file and no face.
    expect(res.json()).toMatchObject({ outcome: 'verified' });
    expect(await redis.exists(key)).toBe(0);
  });
});
