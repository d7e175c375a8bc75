import type { LoginBody, PasswordConfirmBody, RegisterBody } from '@funkeln/contracts/auth';
import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { useQuery } from '@tanstack/react-query';
import { call, hrefOf } from '../../lib/api';
import * as queryKeys from '../../lib/query-keys';

export function useProviders() {
  return useQuery({
    queryKey: queryKeys.authProviders(),
    queryFn: () => call(authEndpoints.providers),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export const register = (body: RegisterBody) => call(authEndpoints.register, { body });
export const login = (body: LoginBody) => call(authEndpoints.login, { body });
/** The browser's binding cookie travels along (same origin); see the Google callback. */
export const exchangeLoginCode = (code: string) => call(authEndpoints.oauthExchange, { body: { code } });
export const logout = () => call(authEndpoints.logout);
export { startVerification } from '../../lib/verification';
export const resendVerification = (email: string) => call(authEndpoints.verifyResend, { body: { email } });
export const confirmVerification = (token: string) => call(authEndpoints.verifyConfirm, { body: { token } });
export const requestPasswordReset = (email: string) => call(authEndpoints.passwordRequest, { body: { email } });
export const confirmPasswordReset = (body: PasswordConfirmBody) => call(authEndpoints.passwordConfirm, { body });

/** Where the Google button sends the browser (a redirect, not a JSON call). */
export const googleStartHref = () => hrefOf(authEndpoints.googleStart);
