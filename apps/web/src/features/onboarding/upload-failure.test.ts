import { errorMessage } from '@funkeln/contracts/errors';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { de } from '../../i18n/de';
import { failure } from '../../test/api-handlers';
import { server } from '../../test/server';
import { uploadPhoto } from './api';
import { uploadFailure } from './use-save-profile';

const file = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'ich.jpg', { type: 'image/jpeg' });
const failedUpload = () => uploadPhoto(file()).then(() => expect.unreachable(), (error: unknown) => uploadFailure(error));

describe('uploadFailure', () => {
  it.each([
    ['file_too_large', errorMessage('file_too_large')],
    ['image_too_large', errorMessage('image_too_large')],
    ['corrupt_image', errorMessage('corrupt_image')],
  ] as const)("shows the server's sentence for '%s'", async (code, text) => {
    server.use(failure('post', '/photos/upload', code));
    expect(await failedUpload()).toBe(text);
  });

  it("says the photo is too large when a proxy refuses it without a body of ours (413 -> 'payload_too_large')", async () => {
    server.use(http.post('/api/photos/upload', () => new HttpResponse('<html>413 Request Entity Too Large</html>', { status: 413 })));
    expect(await failedUpload()).toBe(de.photo.tooLarge);
  });

  it('falls back to the general sentence without a connection', async () => {
    server.use(http.post('/api/photos/upload', () => HttpResponse.error()));
    expect(await failedUpload()).toBe(de.photo.uploadFailed);
  });
});
