import { useState } from 'react';
import { Link } from 'react-router';
import { DiscoverTabs } from '../../components/ui/discover-tabs';
import { ListEmpty } from '../../components/ui/list-empty';
import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import { de } from '../../i18n/de';
import { errorMessage } from '../../lib/api-error';
import { useMarkSeen } from '../../lib/new-counts';
import { useFlirtBack, useReceivedFlirts } from './api';
import { FlirtCard } from './components/flirt-card';
import '../../styles/discover.css';
import '../../styles/member-list.css';

type Status = { tone: 'info' | 'error'; text: string } | null;

export function FlirtsPage() {
  const flirts = useReceivedFlirts();
  useMarkSeen('flirts');
  const flirtBack = useFlirtBack();
  const [status, setStatus] = useState<Status>(null);

  const onFlirtBack = (flirtId: string) => {
    setStatus(null);
    flirtBack.mutate(flirtId, {
      onSuccess: (result) => setStatus(result.match ? null : { tone: 'info', text: de.flirts.sent }),
      onError: (error) => setStatus({ tone: 'error', text: errorMessage(error, de.flirts.failed) }),
    });
  };

  return (
    <section className="page discover member-page" aria-labelledby="flirts-title">
      <PageHeader className="discover__header" titleId="flirts-title" title={de.flirts.title}>
        <DiscoverTabs />
      </PageHeader>
      <p className="member-page__lead muted">{de.flirts.lead}</p>
      <div className="match-result" role="status" data-testid="flirt-status">
        {status ? <p className={`notice notice--${status.tone}`}>{status.text}</p> : null}
      </div>
      <QueryState
        query={flirts}
        failed={de.flirts.loadFailed}
        isEmpty={(list) => list.length === 0}
        empty={
          <ListEmpty text={de.flirts.empty} testId="flirts-empty">
            <Link className="btn btn--primary" to="/onboarding">
              {de.nav.myProfile}
            </Link>
          </ListEmpty>
        }
      >
        {(list) => (
          <ul className="member-list" data-testid="flirt-list">
            {list.map((flirt) => (
              <FlirtCard
                key={flirt.flirtId}
                flirt={flirt}
                busy={flirtBack.isPending && flirtBack.variables === flirt.flirtId}
                onFlirtBack={onFlirtBack}
              />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
