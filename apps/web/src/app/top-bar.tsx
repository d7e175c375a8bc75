import { Suspense } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ThemeToggle } from '../components/ui/theme-toggle';
import { SessionButton } from '../features/auth/components/session-button';
import { de } from '../i18n/de-shell';
import { useCurrentUser } from '../lib/current-user';
import { useToken } from '../lib/token-storage';
import { lazyPage } from './lazy-page';
import { PhoneMenuItems } from './phone-menu-items';

// Only with a session, so a visitor's first load does not carry it (nor the page strings it shows).
const AccountMenu = lazyPage(() => import('../features/account/components/account-menu'), 'AccountMenu');
const UnreadBadge = lazyPage(() => import('./unread-badge'), 'UnreadBadge');
const NewMatchesBadge = lazyPage(() => import('./unread-badge'), 'NewMatchesBadge');

/** On phones (tab-bar.css) the top bar hides this list: the tab bar and the profile menu carry it. */
const MEMBER_LINKS = [
  { to: '/discover', label: de.nav.discover },
  { to: '/leaderboard', label: de.nav.leaderboard },
  { to: '/wallet', label: de.nav.wallet },
  { to: '/messages', label: de.nav.messages },
] as const;
const COMPANION = { to: '/digital-friend', label: de.nav.companion } as const;
/** Admins only (the me payload's role); the admin API checks the role on every request anyway. */
const ADMIN = { to: '/admin/moderation', label: de.nav.admin } as const;

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link nav-link--active' : 'nav-link');

/** Matches and Flirts are tabs of Entdecken, so the top bar keeps Entdecken lit there (and Admin on both admin pages). */
const SUB_PAGES: Partial<Record<string, readonly string[]>> = { '/discover': ['/matches', '/flirts'], '/admin/moderation': ['/admin/settings'] };

export function TopBar() {
  const user = useCurrentUser();
  const token = useToken();
  const { pathname } = useLocation();
  const links = user ? [...MEMBER_LINKS, COMPANION, ...(user.role === 'admin' ? [ADMIN] : [])] : [COMPANION];
  return (
    <header className="topbar">
      <div className="topbar__inner">
        <Link to="/" className="brand" aria-label={de.nav.brandHome}>
          <span className="brand__mark" aria-hidden="true">
            <svg viewBox="0 0 24 24" focusable="false">
              <path d="M12 20s-7-4.1-7-9.5A4 4 0 0 1 12 8a4 4 0 0 1 7 2.5C19 15.9 12 20 12 20z" />
            </svg>
          </span>
          <span className="brand__name">{de.brand}</span>
        </Link>
        <nav className="topbar__nav" aria-label={de.nav.label}>
          <ul className="nav-list">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) => navClass({ isActive: isActive || (SUB_PAGES[link.to]?.includes(pathname) ?? false) })}
                >
                  {link.label}
                  {link.to === '/messages' && token ? (
                    <Suspense fallback={null}>
                      <UnreadBadge />
                    </Suspense>
                  ) : null}
                  {link.to === '/discover' && token ? (
                    <Suspense fallback={null}>
                      <NewMatchesBadge />
                    </Suspense>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="topbar__actions">
          {token ? (
            <Suspense fallback={null}>
              <AccountMenu>
                <PhoneMenuItems />
              </AccountMenu>
            </Suspense>
          ) : null}
          <ThemeToggle />
          <SessionButton />
        </div>
      </div>
    </header>
  );
}
