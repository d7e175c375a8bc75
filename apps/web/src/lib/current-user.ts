import type { MeResponse } from '@funkeln/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useToken } from './token-storage';

/**
 * The session's query keys. They live here, beside the one query the landing page runs, so the
 * landing chunk does not carry the whole key factory: lib/query-keys.ts re-exports them for the
 * members' pages; the shell's own callers (layout, logout) take them from here.
 */
export const meKey = () => ['me'] as const;
/** The session's member for one token (a new token is a new member). */
export const meKeyFor = (token: string | null) => ['me', token] as const;

function meQuery(token: string | null) {
  return queryOptions({
    queryKey: meKeyFor(token),
    queryFn: async () => (token ? (await import('./load-me')).loadMe(token) : null),
    retry: false,
  });
}

/** The signed-in member, or null for visitors and while loading. */
export function useCurrentUser(): MeResponse | null {
  const token = useToken();
  return useQuery(meQuery(token)).data ?? null;
}
