import { useState } from 'react';
import { DiscoverTabs } from '../../components/ui/discover-tabs';
import { PageHeader } from '../../components/ui/page-header';
import { de } from '../../i18n/de';
import { RadiusForm } from './components/radius-form';
import { SwipeDeck } from './components/swipe-deck';
import { VerifiedOnlySwitch } from './components/verified-only-switch';
import { loadRadius, loadVerifiedOnly, saveRadius, saveVerifiedOnly } from './radius-storage';
import '../../styles/discover.css';

export function DiscoverPage() {
  const [radius, setRadius] = useState(loadRadius);
  const [verifiedOnly, setVerifiedOnly] = useState(loadVerifiedOnly);
  // Applying a radius (even the same one) or 'Neu laden' starts the stack over from the first page.
  const [round, setRound] = useState(0);

  const apply = (next: string) => {
    saveRadius(next);
    setRadius(next);
    setRound((value) => value + 1);
  };

  const toggleVerifiedOnly = (on: boolean) => {
    saveVerifiedOnly(on);
    setVerifiedOnly(on);
  };

  return (
    <section className="page discover" aria-labelledby="discover-title">
      <PageHeader className="discover__header" titleId="discover-title" title={de.discover.title}>
        <DiscoverTabs />
      </PageHeader>
      <div className="discover__layout">
        <aside className="discover__side">
          <p className="discover__lead muted">{de.discover.lead}</p>
          <div className="card discover__filter">
            <RadiusForm value={radius} onApply={apply} />
            <VerifiedOnlySwitch checked={verifiedOnly} onChange={toggleVerifiedOnly} />
          </div>
          <div className="premium-hint">
            <span className="premium-hint__icon" aria-hidden="true">
              <svg viewBox="0 0 24 24" focusable="false">
                <path d="M4 17.5 2.5 7.5l5.2 4L12 4.5l4.3 7 5.2-4-1.5 10z" />
                <path d="M4.5 20h15" />
              </svg>
            </span>
            <p className="premium-hint__text" data-testid="premium-hint">
              {de.discover.premiumHint}
            </p>
          </div>
        </aside>
        <SwipeDeck
          key={`${radius}:${verifiedOnly}:${round}`}
          radius={radius}
          round={round}
          verifiedOnly={verifiedOnly}
          onReload={() => setRound((value) => value + 1)}
        />
      </div>
    </section>
  );
}
