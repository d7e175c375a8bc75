import { profilesEndpoints } from '@funkeln/contracts/routes/profiles';
import { useQuery } from '@tanstack/react-query';
import { call } from './api';
import * as queryKeys from './query-keys';

/** The signed-in member's own profile (onboarding edits it; the vote page asks whether there is one). `enabled` false: not asked yet. */
export function useOwnProfile(enabled = true) {
  return useQuery({ queryKey: queryKeys.ownProfile(), queryFn: () => call(profilesEndpoints.ownProfile), enabled });
}
