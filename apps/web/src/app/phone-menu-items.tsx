import { NavLink } from 'react-router';
import { useLogout } from '../features/auth/use-logout';
import { de } from '../i18n/de-shell';

/**
 * On phones the top bar is one row (issue 56, item 15): the tab bar carries Entdecken, Matches,
 * Nachrichten, Top10 and Profil, and what else the top bar held (Credits, Digital Friend, Abmelden)
 * moves into the profile menu. These items are hidden there on wider screens (CSS), where the top
 * bar shows them itself.
 */
export function PhoneMenuItems() {
  const logout = useLogout();
  return (
    <>
      <li className="account-menu__item--phone">
        <NavLink to="/wallet" className="account-menu__link">
          {de.nav.wallet}
        </NavLink>
      </li>
      <li className="account-menu__item--phone">
        <NavLink to="/digital-friend" className="account-menu__link">
          {de.nav.companion}
        </NavLink>
      </li>
      <li className="account-menu__item--phone account-menu__item--separated">
        <button type="button" className="account-menu__link account-menu__button" onClick={() => void logout()}>
          {de.nav.logout}
        </button>
      </li>
    </>
  );
}
