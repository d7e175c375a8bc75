import { DEFAULT_CATEGORY, germanMonth, photoCategory } from '@funkeln/contracts/leaderboard';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { de } from '../../i18n/de';
import { errorMessage } from '../../lib/api-error';
import { useLeaderboard, useLiveLeaderboard } from './api';
import { CategoryButtons } from './components/category-buttons';
import { LeaderboardList } from './components/leaderboard-list';
import { currentMonth, shiftMonth } from './month';
import './leaderboard.css';

export function LeaderboardPage() {
  const [params, setParams] = useSearchParams();
  const category = photoCategory.catch(DEFAULT_CATEGORY).parse(params.get('category') ?? DEFAULT_CATEGORY);
  const now = currentMonth();
  const requested = params.get('month');
  const month = requested && /^\d{4}-\d{2}$/.test(requested) && requested <= now ? requested : now;
  const isCurrent = month === now;
  const board = useLeaderboard(category, month);
  useLiveLeaderboard(category, month, isCurrent);
  const go = (next: { category?: string; month?: string }) => setParams({ category: next.category ?? category, month: next.month ?? month });

  return (
    <section className="page leaderboard-page" aria-labelledby="leaderboard-title">
      <PageHeader className="leaderboard-page__header" titleId="leaderboard-title" title={de.leaderboard.title}>
        <Link className="btn btn--primary" to={`/vote?category=${category}`}>
          {de.leaderboard.voteNow}
        </Link>
      </PageHeader>
      <p className="muted">{de.leaderboard.lead}</p>
      <CategoryButtons value={category} onChange={(c) => go({ category: c })} />
      <nav className="leaderboard-page__months">
        <button type="button" className="btn btn--ghost" onClick={() => go({ month: shiftMonth(month, -1) })}>
          {de.leaderboard.previous}
        </button>
        <strong>{germanMonth(month)}</strong>
        <button type="button" className="btn btn--ghost" disabled={isCurrent} onClick={() => go({ month: shiftMonth(month, 1) })}>
          {de.leaderboard.next}
        </button>
      </nav>
      <p className="muted small">{isCurrent ? de.leaderboard.live : de.leaderboard.frozen}</p>
      {board.isPending ? <Spinner label={de.common.loading} /> : null}
      {board.isError ? <Notice tone="error">{errorMessage(board.error, de.leaderboard.failed)}</Notice> : null}
      {board.data && board.data.length === 0 ? <p>{de.leaderboard.empty}</p> : null}
      {board.data && board.data.length > 0 ? <LeaderboardList entries={board.data} /> : null}
    </section>
  );
}
