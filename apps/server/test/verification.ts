import { expect } from 'vitest';
import { faceCrop, faces } from './faces.js';
import { useTestApp } from './fixture.js';
import { bearer, register } from './harness.js';
import { multipart } from './images.js';
import { approveAll } from './swipers.js';

export interface VerificationMember {
  id: string;
  token: string;
}

/** A selfie of the turned-left sample face: another crop, size and quality than the member's photo of it. */
export const sameFaceSelfie = () => faceCrop(faces.turnedLeft, { margin: 0.45, shift: 0.1, width: 300, quality: 70 });

/** The app (every photo approved) and the steps the photo-verification tests take through the HTTP API. */
export function useVerification() {
  const t = useTestApp({ overrides: { moderator: approveAll } });

  /** Uploads a photo for the member; its id. */
  async function upload(m: VerificationMember, image: Buffer): Promise<string> {
    const body = multipart(image);
    const res = await t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, ...bearer(m.token) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ photo: { id: string } }>().photo.id;
  }

  /** A new member with this photo (if any) who consented to the biometric check (unless consent is false). */
  async function member(photo?: Buffer, consent = true): Promise<VerificationMember> {
    const { token } = await register(t.app);
    const m = { id: (await t.api('GET', '/api/me', token)).json<{ id: string }>().id, token };
    if (photo) await upload(m, photo);
    if (consent) expect((await t.api('PUT', '/api/me/verification/consent', token, { given: true })).statusCode).toBe(200);
    return m;
  }

  function submit(m: VerificationMember, attemptId: string, selfie: Buffer) {
    const body = multipart(selfie, 'selfie.jpg');
    return t.app.inject({ method: 'POST', url: `/api/me/verification/attempts/${attemptId}/selfie`, payload: body.payload, headers: { ...body.headers, ...bearer(m.token) } });
  }

  return { t, api: t.api, upload, member, submit };
}
