import { Link } from 'react-router';
import { de } from '../../../i18n/de-shell';
import { useToken } from '../../../lib/token-storage';
import { useLogout } from '../use-logout';

/** 'Login' for visitors, 'Abmelden' once a session token is stored. */
export function SessionButton() {
  const token = useToken();
  const logout = useLogout();
  if (token) {
    return (
      <button type="button" className="btn btn--ghost btn--small topbar__session" onClick={() => void logout()}>
        {de.nav.logout}
      </button>
    );
  }
  return (
    <Link className="btn btn--primary btn--small topbar__session" to="/login">
      {de.nav.login}
    </Link>
  );
}
