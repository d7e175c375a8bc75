import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { de } from '../i18n/de';
import { useCurrentUser } from '../lib/current-user';
import { NewMatchesBadge, UnreadBadge } from './unread-badge';

interface Tab {
  to: string;
  label: string;
  /** Other paths that belong to the tab (Flirts beside Matches, Bewerten beside Top10, …). */
  also: readonly string[];
  icon: ReactNode;
}

const icon = (path: string) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={path} />
  </svg>
);

function tabsFor(profilePath: string): Tab[] {
  return [
    { to: '/discover', label: de.tabs.discover, also: [], icon: icon('M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm3.5 5.5-2 5-5 2 2-5 5-2z') },
    { to: '/matches', label: de.tabs.matches, also: ['/flirts'], icon: icon('M12 20s-7-4.1-7-9.5A4 4 0 0 1 12 8a4 4 0 0 1 7 2.5C19 15.9 12 20 12 20z') },
    { to: '/messages', label: de.tabs.messages, also: [], icon: icon('M4 5h16v11H9l-5 4V5z') },
    { to: '/leaderboard', label: de.tabs.leaderboard, also: ['/vote'], icon: icon('M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4z') },
    { to: profilePath, label: de.tabs.profile, also: ['/onboarding', '/settings'], icon: icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20a7.5 7.5 0 0 1 15 0') },
  ];
}

/** Phones only (CSS): Entdecken, Matches with new matches and flirts, Nachrichten with the unread count, Top10 and Profil. */
export function TabBar() {
  const me = useCurrentUser();
  const { pathname } = useLocation();
  const tabs = tabsFor(me ? `/profile/${encodeURIComponent(me.id)}` : '/onboarding');
  return (
    <nav className="tab-bar" aria-label={de.tabs.label}>
      <ul className="tab-bar__list">
        {tabs.map((tab) => (
          <li key={tab.label}>
            <NavLink
              to={tab.to}
              className={({ isActive }) => (isActive || tab.also.includes(pathname) ? 'tab-bar__link tab-bar__link--active' : 'tab-bar__link')}
            >
              <span className="tab-bar__icon">
                {tab.icon}
                {tab.to === '/messages' ? <UnreadBadge /> : null}
                {tab.to === '/matches' ? <NewMatchesBadge /> : null}
              </span>
              <span className="tab-bar__label">{tab.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
