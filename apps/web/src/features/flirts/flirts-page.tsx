import { useState } from 'react';
import { Link } from 'react-router';
import { DiscoverTabs } from '../../components/ui/discover-tabs';
import { ListEmpty } from '../../components/ui/list-empty';
import { Notice } from '../../components/ui/notice';
import { Spinner } from '../../components/ui/spinner';
import { de } from '../../i18n/de';
import { errorMessage } from '../../lib/api-error';
import { useFlirtBack, useReceivedFlirts } from './api';
import { FlirtCard } from './components/flirt-card';

type Status = { tone: 'info' | 'error'; text: string } | null;

export function FlirtsPage() {
  const flirts = useReceivedFlirts();
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
      <header className="discover__header">
        <h1 id="flirts-title">{de.flirts.title}</h1>
        <DiscoverTabs />
      </header>
      <p className="member-page__lead muted">{de.flirts.lead}</p>
      <div className="match-result" role="status" data-testid="flirt-status">
        {status ? <p className={`notice notice--${status.tone}`}>{status.text}</p> : null}
      </div>
      {flirts.isPending ? <Spinner label={de.common.loading} /> : null}
      {flirts.isError ? (
        <div className="load-error">
          <Notice tone="error">{errorMessage(flirts.error, de.flirts.loadFailed)}</Notice>
          <button type="button" className="btn btn--secondary btn--small" onClick={() => void flirts.refetch()}>
            {de.common.retry}
          </button>
        </div>
      ) : null}
      {flirts.data?.length === 0 ? (
        <ListEmpty text={de.flirts.empty} testId="flirts-empty">
          <Link className="btn btn--primary" to="/onboarding">
            {de.nav.myProfile}
          </Link>
        </ListEmpty>
      ) : null}
      {flirts.data && flirts.data.length > 0 ? (
        <ul className="member-list" data-testid="flirt-list">
          {flirts.data.map((flirt) => (
            <FlirtCard
              key={flirt.flirtId}
              flirt={flirt}
              busy={flirtBack.isPending && flirtBack.variables === flirt.flirtId}
              onFlirtBack={onFlirtBack}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
