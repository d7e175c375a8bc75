import { feedQuery, feedResponse } from '../feed.js';
import { endpoint } from './define.js';
import { limits } from './limits.js';

/** The feed (spec 7): an array of cards; the next page's cursor travels in the X-Next-Cursor header. */
export const feedEndpoints = {
  feed: endpoint({
    method: 'GET',
    path: '/api/feed',
    auth: 'member',
    query: feedQuery,
    response: feedResponse,
    errors: ['invalid_cursor', 'invalid_radius', 'profile_incomplete', 'no_place'],
    limits: [limits.feed],
    tag: 'feed',
  }),
} as const;
