import type { MeResponse } from '@funkeln/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { clearToken, getToken, useToken } from './token-storage';

/** Shared by the layout, the auth feature and every feature that needs to know who is signed in. */
export const meQueryKey = ['me'] as const;

/** GET /me; any failure means "logged out", a 401 also drops the stale token. */
async function loadMe(token: string | null): Promise<MeResponse | null> {
  if (!token) return null;
  // Loaded on demand: a visitor's landing page carries neither the API client nor zod.
  const [{ api, ApiError }, { meResponse }] = await Promise.all([import('./api'), import('@funkeln/contracts/auth')]);
  try {
    return await api.get('/me', meResponse);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && getToken() === token) clearToken();
    return null;
  }
}

function meQuery(token: string | null) {
  return queryOptions({ queryKey: [...meQueryKey, token], queryFn: () => loadMe(token), retry: false });
}

/** The signed-in member, or null for visitors and while loading. */
export function useCurrentUser(): MeResponse | null {
  const token = useToken();
  return useQuery(meQuery(token)).data ?? null;
}
