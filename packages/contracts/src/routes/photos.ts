import { z } from 'zod';
import { queryInt } from '../fields.js';
import { photoUploadResponse } from '../profiles.js';
import { endpoint } from './define.js';
import { limits } from './limits.js';

/** A photo file behind a signed link: which photo and size; scope, expiry and signature in the query. */
const photoFileParams = z.object({ id: z.uuid(), size: z.enum(['large', 'thumb']) });
const photoFileQuery = z.object({
  scope: z.enum(['public', 'owner']),
  exp: queryInt(1, Number.MAX_SAFE_INTEGER),
  sig: z.string().min(20).max(100),
});

/** The member's photo: upload (multipart, re-encoded and moderated) and the JPEGs behind signed links. */
export const photosEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/api/photos/upload',
    auth: 'member',
    body: 'multipart',
    response: photoUploadResponse,
    errors: [
      'unsupported_media_type',
      'invalid_multipart',
      'missing_file',
      'empty_file',
      'corrupt_image',
      'file_too_large',
      'image_too_large',
      'too_many_files',
      'too_many_parts',
      'too_many_fields',
      'unsupported_image',
    ],
    limits: [limits.upload],
    tag: 'photos',
  }),
  /** Image bytes (JPEG); the signature is the authorisation, so no session is needed (img tags send none). */
  file: endpoint({ method: 'GET', path: '/api/photos/:id/:size', auth: 'visitor', params: photoFileParams, query: photoFileQuery, errors: ['invalid_link', 'not_found'], tag: 'photos' }),
} as const;
