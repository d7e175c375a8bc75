import type { OwnProfile } from '@funkeln/contracts/profiles';

/** The anchors of the onboarding steps other pages link to (/onboarding#eckdaten). */
export const ONBOARDING_STEPS = { photo: 'foto', basics: 'eckdaten', search: 'suche' } as const;

/**
 * Where an unfinished profile continues for Entdecken (issue 56, item 11): the first of birth date,
 * gender and home town, then whom the member is looking for; null once the feed has what it needs.
 */
export function missingFeedStep(profile: OwnProfile | undefined): string | null {
  if (!profile) return null;
  if (!profile.birthDate || !profile.gender || !profile.place) return `/onboarding#${ONBOARDING_STEPS.basics}`;
  if (profile.interestedIn.length === 0) return `/onboarding#${ONBOARDING_STEPS.search}`;
  return null;
}
