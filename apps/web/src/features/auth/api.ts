import {
  providersResponse,
  tokenResponse,
  type LoginBody,
  type OauthExchangeBody,
  type PasswordConfirmBody,
  type RegisterBody,
} from '@funkeln/contracts/auth';
import { messageBody } from '@funkeln/contracts/errors';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import * as queryKeys from '../../lib/query-keys';

export function useProviders() {
  return useQuery({
    queryKey: queryKeys.authProviders(),
    queryFn: () => api.get('/auth/providers', providersResponse),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export const register = (body: RegisterBody) => api.post('/auth/register', tokenResponse, body);
export const login = (body: LoginBody) => api.post('/auth/login', tokenResponse, body);
/** The browser's binding cookie travels along (same origin); see the Google callback. */
export const exchangeLoginCode = (code: string) => api.post('/auth/oauth/exchange', tokenResponse, { code } satisfies OauthExchangeBody);
export const logout = () => api.post('/auth/logout', messageBody);
export { startVerification } from '../../lib/verification';
export const resendVerification = (email: string) => api.post('/auth/verify/resend', messageBody, { email });
export const confirmVerification = (token: string) => api.post('/auth/verify/confirm', messageBody, { token });
export const requestPasswordReset = (email: string) => api.post('/auth/password/request', messageBody, { email });
export const confirmPasswordReset = (body: PasswordConfirmBody) => api.post('/auth/password/confirm', messageBody, body);

export const GOOGLE_START_PATH = '/api/auth/oauth/google/start';
