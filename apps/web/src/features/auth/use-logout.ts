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
    await import('./end-session').then((session) => session.endSessionOnServer()).catch(() => undefined);
    clearToken();
    queryClient.removeQueries({ queryKey: meKey() });
    await navigate('/');
  }, [queryClient, navigate]);
}
