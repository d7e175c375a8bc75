import { NavLink } from 'react-router';
import { de } from '../../i18n/de';
import '../../styles/discover.css';

const TABS = [
  { to: '/discover', label: de.nav.discover },
  { to: '/matches', label: de.nav.matches },
  { to: '/flirts', label: de.nav.flirts },
] as const;

const tabClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'discover-tab discover-tab--active' : 'discover-tab');

/** Entdecken | Matches | Flirts: the swipe area's own navigation, so the top bar stays as it is. */
export function DiscoverTabs() {
  return (
    <nav className="discover-tabs" aria-label={de.nav.discoverTabs}>
      <ul className="discover-tabs__list">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} className={tabClass} end>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
