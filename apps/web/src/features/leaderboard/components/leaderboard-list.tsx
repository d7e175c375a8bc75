import { germanMonth, type LeaderboardEntry } from '@funkeln/contracts/leaderboard';
import { Link } from 'react-router';
import { de } from '../../../i18n/de';

export function LeaderboardList({ entries }: { entries: LeaderboardEntry[] }) {
  return (
    <ol className="leaderboard" aria-label={de.leaderboard.title}>
      {entries.map((e) => (
        <li key={e.photo_id} className="leaderboard__entry" data-testid="leaderboard-entry">
          {/* aria-label is not allowed on a plain span: the rank's words are visually hidden text instead. */}
          <span className="leaderboard__rank">
            <span className="visually-hidden">{de.leaderboard.rank(e.rank)}</span>
            <span aria-hidden="true">{e.rank}</span>
          </span>
          {e.thumbUrl ? <img className="leaderboard__thumb" src={e.thumbUrl} alt="" width={56} height={56} loading="lazy" /> : null}
          <Link className="leaderboard__name" to={`/profile/${e.user_id}`}>
            {e.name}
          </Link>
          <span className="leaderboard__score">
            {de.leaderboard.points(e.score)}
          </span>
          <span className="leaderboard__month muted">{germanMonth(e.month_year)}</span>
        </li>
      ))}
    </ol>
  );
}
