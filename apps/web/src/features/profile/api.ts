import { publicProfile } from '@funkeln/contracts/profiles';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';

export function usePublicProfile(id: string) {
  return useQuery({
    queryKey: ['public-profile', id],
    queryFn: () => api.get(`/profile/${encodeURIComponent(id)}`, publicProfile),
    // An unknown or hidden profile stays that way; do not ask again.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}

/** The server-rendered share page with link previews (not a route of this app). */
export const sharePath = (id: string) => `/share/${encodeURIComponent(id)}`;
