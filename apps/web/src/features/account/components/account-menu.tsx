import { useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { de } from '../../../i18n/de';
import { useCurrentUser } from '../../../lib/current-user';
import { useToken } from '../../../lib/token-storage';
import '../../../styles/settings.css';

interface AccountMenuProps {
  /** More list items the app shell adds (on phones: Credits, Digital Friend, Abmelden); a link or button in them closes the menu. */
  children?: ReactNode;
}

/**
 * 'Mein Profil' in the top bar, as a small menu: edit and view the profile, settings, and for
 * admins the admin pages. A native popover: Escape and a click outside close it. It follows the
 * token like the session button, so it does not flicker while /me loads.
 */
export function AccountMenu({ children }: AccountMenuProps) {
  const token = useToken();
  const me = useCurrentUser();
  const menuId = useId();
  const menu = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  if (!token) return null;
  const close = () => menu.current?.hidePopover();
  const closeOnChoice = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a, button')) close();
  };
  const links = [
    { to: '/onboarding', label: de.profile.edit },
    ...(me ? [{ to: `/profile/${me.id}`, label: de.onboarding.viewProfile }] : []),
    { to: '/settings', label: de.settings.link },
    ...(me?.role === 'admin'
      ? [
          { to: '/admin/moderation', label: `${de.admin.link}: ${de.admin.moderationTitle}` },
          { to: '/admin/settings', label: `${de.admin.link}: ${de.admin.settingsTitle}` },
        ]
      : []),
  ];
  const active = links.some((link) => pathname === link.to);
  return (
    <>
      <button type="button" className={active ? 'profile-link profile-link--active' : 'profile-link'} popoverTarget={menuId} title={de.nav.myProfile}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="8.5" r="3.75" />
          <path d="M4.75 20a7.25 7.25 0 0 1 14.5 0" />
        </svg>
        <span className="profile-link__text">{de.nav.myProfile}</span>
      </button>
      <div ref={menu} id={menuId} popover="auto" className="account-menu" onClick={closeOnChoice}>
        <nav aria-label={de.settings.menu}>
          <ul className="account-menu__list">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="account-menu__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
            {children}
          </ul>
        </nav>
      </div>
    </>
  );
}
