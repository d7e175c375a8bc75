import {
  categoryParams,
  entriesBody,
  entriesResponse,
  leaderboardQuery,
  leaderboardResponse,
  nextVoteQuery,
  nextVoteResponse,
  voteBody,
  voteResponse,
} from '../leaderboard.js';
import { endpoint } from './define.js';
import { limits } from './limits.js';

/** The monthly Top10 per photo category, the categories the member's photo competes in, and votes. */
export const leaderboardEndpoints = {
  leaderboard: endpoint({ method: 'GET', path: '/api/leaderboard/:category', auth: 'member', params: categoryParams, query: leaderboardQuery, response: leaderboardResponse, errors: [], tag: 'leaderboard' }),
  entries: endpoint({ method: 'GET', path: '/api/me/photo/categories', auth: 'member', response: entriesResponse, errors: [], tag: 'leaderboard' }),
  setEntries: endpoint({ method: 'PUT', path: '/api/me/photo/categories', auth: 'member', body: entriesBody, response: entriesResponse, errors: ['invalid_entry_photo'], tag: 'leaderboard' }),
  nextVote: endpoint({ method: 'GET', path: '/api/votes/next', auth: 'member', query: nextVoteQuery, response: nextVoteResponse, errors: [], tag: 'leaderboard' }),
  /**
   * 30 a minute and 500 a day against automation (the minute's limit is counted first). Only a
   * member with a confirmed e-mail and a profile votes (throwaway accounts must not move a score).
   */
  vote: endpoint({
    method: 'POST',
    path: '/api/votes',
    auth: 'verified',
    unverified: { of: 'vote' },
    body: voteBody,
    response: voteResponse,
    errors: ['not_found', 'own_photo', 'already_voted', 'profile_required'],
    limits: [limits.voteMinute, limits.voteDay],
    tag: 'leaderboard',
  }),
} as const;
