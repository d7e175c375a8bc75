import { Navigate, Outlet, useLocation } from 'react-router';
import { useToken } from '../lib/token-storage';

/** Route guard: without a stored token, off to /login, remembering where the visitor wanted to go. */
export function RequireToken() {
  const token = useToken();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}
