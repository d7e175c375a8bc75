import { messageBody } from '../errors.js';
import { blurredThumbQuery, flirtParams, matchesResponse, matchParams, newCounts, receivedFlirtsResponse, seenBody, swipeQuery, swipeResponse, targetParams, undoResponse } from '../swipes.js';
import { endpoint } from './define.js';
import { limits } from './limits.js';

const tag = 'swipes';

/** Likes, flirts and skips, undo, flirts received (anonymous until liked back), matches. */
export const swipesEndpoints = {
  undo: endpoint({ method: 'POST', path: '/api/likes/undo', auth: 'member', response: undoResponse, errors: [], tag }),
  swipe: endpoint({
    method: 'POST',
    path: '/api/likes/:id',
    auth: 'member',
    params: targetParams,
    query: swipeQuery,
    response: swipeResponse,
    errors: ['self_like', 'not_found'],
    limits: [limits.swipe],
    tag,
  }),
  receivedFlirts: endpoint({ method: 'GET', path: '/api/likes/received', auth: 'member', response: receivedFlirtsResponse, errors: [], tag }),
  /** The JPEG of an anonymous flirt: an <img> cannot send the bearer token, so the signed link is the permission. */
  flirtImage: endpoint({
    method: 'GET',
    path: '/api/likes/received/:flirtId/blur',
    auth: 'visitor',
    params: flirtParams,
    query: blurredThumbQuery,
    errors: ['invalid_link', 'not_found'],
    tag,
  }),
  /** Flirting back is a like: it counts against the swipe limit. */
  acceptFlirt: endpoint({
    method: 'POST',
    path: '/api/likes/received/:flirtId/accept',
    auth: 'member',
    params: flirtParams,
    response: swipeResponse,
    errors: ['not_found'],
    limits: [limits.swipe],
    tag,
  }),
  matches: endpoint({ method: 'GET', path: '/api/matches', auth: 'member', response: matchesResponse, errors: [], tag }),
  unmatch: endpoint({ method: 'DELETE', path: '/api/matches/:memberId', auth: 'member', params: matchParams, response: messageBody, errors: ['not_found'], tag }),
  /** New matches and flirts since the member last opened each list (her own; no parameter names anyone). */
  newCounts: endpoint({ method: 'GET', path: '/api/new-counts', auth: 'member', response: newCounts, errors: [], tag }),
  markSeen: endpoint({ method: 'POST', path: '/api/new-counts/seen', auth: 'member', body: seenBody, response: newCounts, errors: [], tag }),
} as const;
