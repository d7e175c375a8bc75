import { z } from 'zod';
import { signedLinkQuery, id } from '../fields.js';
import { messageBody } from '../errors.js';
import { duplicateFlagParams, duplicateFlagsResponse } from '../photo-duplicates.js';
import { galleryResponse, photoIdParams, photoOrderBody, photoUploadResponse } from '../profiles.js';
import { endpoint } from './define.js';
import { limits } from './limits.js';

/** A photo file behind a signed link: which photo and size; scope, expiry and signature in the query. */
const photoFileParams = z.object({ id: id(), size: z.enum(['large', 'thumb']) });
const photoFileQuery = signedLinkQuery.extend({ scope: z.enum(['public', 'owner']) });

/** How reading an uploaded image can fail (multipart, size, format): every image upload declares them. */
export const imageUploadErrors = [
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
] as const;

/** The member's photos (up to 6): upload (multipart, re-encoded and moderated), gallery, delete, order, and the JPEGs behind signed links. */
export const photosEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/api/photos/upload',
    auth: 'member',
    body: 'multipart',
    response: photoUploadResponse,
    errors: [...imageUploadErrors, 'too_many_photos', 'main_photo_needs_face'],
    limits: [limits.upload],
    tag: 'photos',
  }),
  /** The member's own photos in order (up to 6), whatever their state; the main photo is marked. */
  gallery: endpoint({ method: 'GET', path: '/api/me/photos', auth: 'member', response: galleryResponse, errors: [], tag: 'photos' }),
  /** Deletes one of the member's own photos (files included); the others close the gap. */
  remove: endpoint({ method: 'DELETE', path: '/api/me/photos/:id', auth: 'member', params: photoIdParams, response: galleryResponse, errors: ['not_found', 'main_photo_needs_face'], tag: 'photos' }),
  /** The new order: every one of the member's photo ids exactly once. */
  reorder: endpoint({ method: 'PUT', path: '/api/me/photos/order', auth: 'member', body: photoOrderBody, response: galleryResponse, errors: ['invalid_photo_order', 'main_photo_needs_face'], tag: 'photos' }),
  /** Image bytes (JPEG); the signature is the authorisation, so no session is needed (img tags send none). */
  /** The team's list of photos that look like another account's (admins only; the uploader is never told). */
  duplicates: endpoint({ method: 'GET', path: '/api/admin/photos/duplicates', auth: 'admin', response: duplicateFlagsResponse, errors: [], tag: 'admin' }),
  /** "Kein Problem": the pair is closed and not flagged again. */
  dismissDuplicate: endpoint({
    method: 'POST',
    path: '/api/admin/photos/duplicates/:id/dismiss',
    auth: 'admin',
    params: duplicateFlagParams,
    response: messageBody,
    errors: ['not_found'],
    tag: 'admin',
  }),
  file: endpoint({ method: 'GET', path: '/api/photos/:id/:size', auth: 'visitor', params: photoFileParams, query: photoFileQuery, errors: ['invalid_link', 'not_found'], tag: 'photos' }),
} as const;
