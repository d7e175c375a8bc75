import type { MeResponse } from '@funkeln/contracts/auth';
import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { call } from './api';
import { errorCode } from './api-error';
import { clearToken, getToken } from './token-storage';
import { forgetPushLocally } from './web-push';

/**
 * GET /me for the session query (lib/current-user.ts), which loads this module on demand: a
 * visitor's landing page carries neither the API client nor zod. Any failure means "logged out";
 * 'unauthorized' (an ended session) also drops the stale token and this browser's push
 * subscription, which the server ended with the session.
 */
export async function loadMe(token: string): Promise<MeResponse | null> {
  try {
    return await call(authEndpoints.me);
  } catch (error) {
    if (errorCode(error) === 'unauthorized' && getToken() === token) {
      clearToken();
      await forgetPushLocally().catch(() => undefined);
    }
    return null;
  }
}
