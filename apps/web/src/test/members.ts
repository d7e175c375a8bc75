import type { MeResponse } from '@funkeln/contracts/auth';
import { composeInfo } from '@funkeln/contracts/messages';
import type { OwnProfile } from '@funkeln/contracts/profiles';
import { answer } from './api-handlers';

/** The signed-in member 'Anna' as GET /api/me answers for her; tests change what they are about. */
export function meAs(changes: Partial<MeResponse> = {}): MeResponse {
  return {
    id: '6c1e8d4f-2b3c-4d5e-9f0a-1b2c3d4e5f60',
    email: 'anna@example.de',
    display_name: 'Anna',
    email_verified: true,
    role: 'member',
    created_at: '2026-05-01T10:00:00.000Z',
    isPremium: false,
    premiumUntil: null,
    termsCurrent: true,
    ...changes,
  };
}

/** GET /api/me/profile for a member who has not filled in anything yet; tests add what they are about. */
export function ownProfileAs(changes: Partial<OwnProfile> = {}): OwnProfile {
  return {
    aboutMe: '',
    lookingFor: '',
    birthDate: null,
    gender: null,
    interestedIn: [],
    ageMin: 18,
    ageMax: 99,
    place: null,
    shareEnabled: false,
    complete: false,
    photo: null,
    interests: [],
    prompts: [],
    ...changes,
  };
}

/** GET /api/conversations/:memberId/compose under the free rule with 3 credits: a member who may write. */
export function freeComposeFor(memberId: string) {
  return answer('get', `/conversations/${memberId}/compose`, composeInfo, {
    rule: 'free',
    costPerMessage: null,
    balance: 3,
    canAfford: true,
    prepaidReplyAvailable: false,
    repliesLeftToday: null,
    repliesPerDay: null,
    repliesReopenAt: null,
    openRewards: [],
  });
}
