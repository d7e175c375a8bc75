import { useState } from 'react';
import { DiscoverTabs } from '../../components/ui/discover-tabs';
import { PageHeader } from '../../components/ui/page-header';
import { de } from '../../i18n/de';
import { PremiumHint } from './components/premium-hint';
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
          <PremiumHint />
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
