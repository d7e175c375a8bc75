import { NavLink } from 'react-router';
import type { NewCounts } from '@funkeln/contracts/swipes';
import { de } from '../../i18n/de';
import { useNewCounts } from '../../lib/new-counts';
import { CountBadge } from './count-badge';
import '../../styles/discover.css';

const TABS = [
  { to: '/discover', label: de.nav.discover, news: undefined },
  { to: '/matches', label: de.nav.matches, news: { of: 'matches', label: de.tabs.newMatches } },
  { to: '/flirts', label: de.nav.flirts, news: { of: 'flirts', label: de.tabs.newFlirts } },
] as const satisfies readonly { to: string; label: string; news: { of: keyof NewCounts; label: (n: number) => string } | undefined }[];

const tabClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'discover-tab discover-tab--active' : 'discover-tab');

/** Entdecken | Matches | Flirts: the swipe area's own navigation, so the top bar stays as it is; Matches and Flirts show what is new there. */
export function DiscoverTabs() {
  const counts = useNewCounts();
  return (
    <nav className="discover-tabs" aria-label={de.nav.discoverTabs}>
      <ul className="discover-tabs__list">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} className={tabClass} end>
              {tab.label}
              {tab.news ? <CountBadge count={counts[tab.news.of]} label={tab.news.label(counts[tab.news.of])} testId={`new-${tab.news.of}`} /> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
