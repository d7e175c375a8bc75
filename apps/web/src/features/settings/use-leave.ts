import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearToken } from '../../lib/token-storage';

/**
 * After deleting the account or signing out everywhere: go home, then forget the session and its
 * cached data. The navigation is rendered synchronously first, so the route guard of this page is
 * gone before the token is and cannot send the visitor to /login instead.
 */
export function useLeave(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await navigate('/', { replace: true, flushSync: true });
    clearToken();
    queryClient.clear();
  };
}
