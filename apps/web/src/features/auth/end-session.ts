import { disablePush } from '../../lib/web-push';
import { logout } from './api';

/**
 * The server side of signing out, best effort: a shared device stops showing this member's
 * notifications (while the session still works), then the session ends. Loaded on demand: the
 * session button is on every page, the API client only on members' pages.
 */
export async function endSessionOnServer(): Promise<void> {
  await disablePush().catch(() => undefined);
  try {
    await logout();
  } catch {
    // The token is dropped locally either way; an expired session needs no server logout.
  }
}
