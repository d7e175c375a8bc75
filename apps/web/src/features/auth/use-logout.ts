import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { meKey } from '../../lib/current-user';
import { clearToken } from '../../lib/token-storage';

/** Ends the session on the server (best effort), forgets the token and returns home. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // A shared device stops showing this member's notifications (while the session still works).
    await import('../../lib/web-push').then((push) => push.disablePush()).catch(() => undefined);
    try {
      // On demand: the session button is on every page, the API client only on members' pages.
      const { logout } = await import('./api');
      await logout();
    } catch {
      // The token is dropped locally either way; an expired session needs no server logout.
    }
    clearToken();
    queryClient.removeQueries({ queryKey: meKey() });
    await navigate('/');
  }, [queryClient, navigate]);
}
