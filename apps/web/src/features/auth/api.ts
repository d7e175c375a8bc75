import {
  meResponse,
  providersResponse,
  tokenResponse,
  type LoginBody,
  type MeResponse,
  type PasswordConfirmBody,
  type RegisterBody,
} from '@funkeln/contracts/auth';
import { messageBody } from '@funkeln/contracts/errors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';
import { clearToken, getToken, useToken } from '../../lib/token-storage';

export const meQueryKey = ['me'] as const;

/** GET /me; any failure means "logged out", a 401 also drops the stale token. */
async function loadMe(token: string | null): Promise<MeResponse | null> {
  if (!token) return null;
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

export function useProviders() {
  return useQuery({
    queryKey: ['auth-providers'],
    queryFn: () => api.get('/auth/providers', providersResponse),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export const register = (body: RegisterBody) => api.post('/auth/register', tokenResponse, body);
export const login = (body: LoginBody) => api.post('/auth/login', tokenResponse, body);
export const logout = () => api.post('/auth/logout', messageBody);
export const startVerification = () => api.post('/auth/verify/start', messageBody);
export const resendVerification = (email: string) => api.post('/auth/verify/resend', messageBody, { email });
export const confirmVerification = (token: string) => api.post('/auth/verify/confirm', messageBody, { token });
export const requestPasswordReset = (email: string) => api.post('/auth/password/request', messageBody, { email });
export const confirmPasswordReset = (body: PasswordConfirmBody) => api.post('/auth/password/confirm', messageBody, body);

export const GOOGLE_START_PATH = '/api/auth/oauth/google/start';
