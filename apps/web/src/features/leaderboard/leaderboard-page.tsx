import { DEFAULT_CATEGORY, germanMonth, photoCategory } from '@funkeln/contracts/leaderboard';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import { de } from '../../i18n/de';
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
      <QueryState query={board} failed={de.leaderboard.failed} isEmpty={(entries) => entries.length === 0} empty={<p>{de.leaderboard.empty}</p>}>
        {(entries) => <LeaderboardList entries={entries} />}
      </QueryState>
    </section>
  );
}
