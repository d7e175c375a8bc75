import type { MeResponse } from '@funkeln/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { clearToken, getToken, useToken } from './token-storage';

/** GET /me; any failure means "logged out", 'unauthorized' (an ended session) also drops the stale token. */
async function loadMe(token: string | null): Promise<MeResponse | null> {
  if (!token) return null;
  // Loaded on demand: a visitor's landing page carries neither the API client nor zod.
  const [{ api }, { errorCode }, { meResponse }] = await Promise.all([import('./api'), import('./api-error'), import('@funkeln/contracts/auth')]);
  try {
    return await api.get('/me', meResponse);
  } catch (error) {
    if (errorCode(error) === 'unauthorized' && getToken() === token) clearToken();
    return null;
  }
}

function meQuery(token: string | null) {
  return queryOptions({ queryKey: queryKeys.meFor(token), queryFn: () => loadMe(token), retry: false });
}

/** The signed-in member, or null for visitors and while loading. */
export function useCurrentUser(): MeResponse | null {
  const token = useToken();
  return useQuery(meQuery(token)).data ?? null;
}
