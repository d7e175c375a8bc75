import { z } from 'zod';
import { signedLinkQuery } from '../fields.js';
import { memberIdParams, ownProfile, profileUpdateBody, publicProfile } from '../profiles.js';
import { endpoint } from './define.js';

/** Own and public profiles; the public share page (HTML for link previews) and its style sheet. */
export const profilesEndpoints = {
  ownProfile: endpoint({ method: 'GET', path: '/api/me/profile', auth: 'member', response: ownProfile, errors: [], tag: 'profiles' }),
  /** A change of place is limited (limits.placeChange), counted by the service only when the place changes. */
  updateProfile: endpoint({
    method: 'PUT',
    path: '/api/me/profile',
    auth: 'member',
    body: profileUpdateBody,
    response: ownProfile,
    errors: [
      'too_young',
      'invalid_birth_date',
      'unknown_place',
      'rate_limited',
      'invalid_age_range',
      'unknown_interest',
      'duplicate_interest',
      'too_many_interests',
      'unknown_prompt',
      'duplicate_prompt',
      'too_many_prompts',
      'prompt_answer_empty',
      'prompt_answer_too_long',
    ],
    tag: 'profiles',
  }),
  publicProfile: endpoint({ method: 'GET', path: '/api/profile/:id', auth: 'member', params: memberIdParams, response: publicProfile, errors: ['not_found'], tag: 'profiles' }),
  /** The server-rendered page behind a shared link (404 page for unknown or unshared profiles). */
  sharePage: endpoint({ method: 'GET', path: '/share/:id', auth: 'visitor', params: z.object({ id: z.string().max(64) }), errors: [], tag: 'profiles', hidden: true }),
  shareCss: endpoint({ method: 'GET', path: '/share/share.css', auth: 'visitor', errors: [], tag: 'profiles', hidden: true }),
  /**
   * The share page's preview image (og:image), a JPEG behind a signed link bound to the member's
   * share key and main photo: it answers only while the sharing is on (404 like any dead link).
   */
  shareImage: endpoint({
    method: 'GET',
    path: '/share/:id/photo',
    auth: 'visitor',
    params: z.object({ id: z.string().max(64) }),
    query: signedLinkQuery,
    errors: ['not_found'],
    tag: 'profiles',
    hidden: true,
  }),
} as const;
