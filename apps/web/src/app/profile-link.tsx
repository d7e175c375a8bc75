import { NavLink } from 'react-router';
import { de } from '../i18n/de';
import { useToken } from '../lib/token-storage';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'profile-link profile-link--active' : 'profile-link';

/**
 * 'Mein Profil' for signed-in members (follows the token like the session button, so it does not
 * flicker while /me loads). Icon plus text on wide screens, icon only on phones; the name stays.
 */
export function ProfileLink() {
  const token = useToken();
  if (!token) return null;
  return (
    <NavLink to="/onboarding" className={linkClass} title={de.nav.myProfile}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="8.5" r="3.75" />
        <path d="M4.75 20a7.25 7.25 0 0 1 14.5 0" />
      </svg>
      <span className="profile-link__text">{de.nav.myProfile}</span>
    </NavLink>
  );
}
