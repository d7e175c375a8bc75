import { errorMessage } from '@funkeln/contracts/errors';
import { useCurrentUser } from '../../lib/current-user';
import { useOwnProfile } from '../../lib/own-profile';

/**
 * Why the signed-in member cannot vote yet, in the server's own words (POST /api/votes refuses
 * both): an unconfirmed e-mail, or no profile (birth date and gender). Null when she can, or while
 * that is not known yet (the server still decides).
 */
export function useVoteRefusal(): { text: string; fix: 'verify' | 'profile' } | null {
  const user = useCurrentUser();
  const profile = useOwnProfile(user !== null).data;
  if (!user) return null;
  if (!user.email_verified) return { text: errorMessage('email_not_verified', { of: 'vote' }), fix: 'verify' };
  if (profile && !(profile.birthDate && profile.gender)) return { text: errorMessage('profile_required', { of: 'vote' }), fix: 'profile' };
  return null;
}
