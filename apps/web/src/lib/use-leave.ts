import { useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { clearToken } from './token-storage';

/**
 * After deleting the account or signing out everywhere: go to `to` (home, or the goodbye page after a
 * deletion), then forget the session and its
 * cached data. The navigation is rendered synchronously first, so the route guard of this page is
 * gone before the token is and cannot send the visitor to /login instead.
 */
export function useLeave(to = '/'): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    // BrowserRouter applies navigations as plain state updates (main.tsx), so this one renders now.
    flushSync(() => {
      void navigate(to, { replace: true });
    });
    clearToken();
    queryClient.clear();
  };
}
