import { Navigate } from 'react-router';
import { ApiError } from '../../lib/api';

/** Spec 8: without a session the Digital Friend sends the visitor to the login and back here afterwards. */
const LOGIN_PATH = '/login?next=/digital-friend';

export const isUnauthorized = (...errors: unknown[]) => errors.some((e) => e instanceof ApiError && (e.status === 401 || e.status === 403));

export function LoginRedirect() {
  return <Navigate to={LOGIN_PATH} replace />;
}
