import { VERIFICATION_FRAMES_RECOMMENDED } from '@funkeln/contracts/verification';
import { expect } from 'vitest';
import type { ContainerOverrides } from '../src/container.js';
import { faceCrop, faces } from './faces.js';
import { useTestApp } from './fixture.js';
import { bearer } from './harness.js';
import { multipart } from './images.js';
import { memberWithProfile } from './members.js';
import { approveAll } from './swipers.js';

export interface VerificationMember {
  id: string;
  token: string;
}

/** A selfie of the turned-left sample face: another crop, size and quality than the member's photo of it. */
export const sameFaceSelfie = () => faceCrop(faces.turnedLeft, { margin: 0.45, shift: 0.1, width: 300, quality: 70 });

/** A multipart body of file parts (field name, content), in order. */
export function fileParts(parts: { field: string; data: Buffer }[]) {
  const boundary = `----funkeln${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((p, i) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="frame-${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    p.data,
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A recording of a still picture: the same frame `count` times. */
export const still = (image: Buffer, count = VERIFICATION_FRAMES_RECOMMENDED): Buffer[] => Array.from({ length: count }, () => image);

/** The app (every photo approved) and the steps the photo-verification tests take through the HTTP API. */
export function useVerification(overrides: ContainerOverrides = {}) {
  const t = useTestApp({ overrides: { moderator: approveAll, ...overrides } });

  /** Uploads a photo for the member; its id. */
  async function upload(m: VerificationMember, image: Buffer): Promise<string> {
    const body = multipart(image);
    const res = await t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, ...bearer(m.token) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ photo: { id: string } }>().photo.id;
  }

  /** A new member with a profile and this photo (if any) who consented to the biometric check (unless consent is false). */
  async function member(photo?: Buffer, consent = true): Promise<VerificationMember> {
    // With a profile: another member sees hers (and its badge) only then.
    const { id, token } = await memberWithProfile(t.app, 'Anna', 'female');
    const m = { id, token };
    if (photo) await upload(m, photo);
    if (consent) expect((await t.api('PUT', '/api/me/verification/consent', token, { given: true })).statusCode).toBe(200);
    return m;
  }

  /** The liveness recording: each frame a part named `frame`, in order. */
  function submit(m: VerificationMember, attemptId: string, frames: Buffer[]) {
    const body = fileParts(frames.map((data) => ({ field: 'frame', data })));
    return t.app.inject({ method: 'POST', url: `/api/me/verification/attempts/${attemptId}/selfie`, payload: body.payload, headers: { ...body.headers, ...bearer(m.token) } });
  }

  return { t, api: t.api, upload, member, submit };
}
