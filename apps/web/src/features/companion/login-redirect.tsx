import { Navigate } from 'react-router';
import { errorCode } from '../../lib/api-error';

/** Spec 8: a session the server refuses sends the member to the login and back here afterwards. */
const LOGIN_PATH = '/login?next=/digital-friend';

export const isUnauthorized = (...errors: unknown[]) =>
  errors.some((e) => {
    const code = errorCode(e);
    return code === 'unauthorized' || code === 'forbidden';
  });

export function LoginRedirect() {
  return <Navigate to={LOGIN_PATH} replace />;
}
