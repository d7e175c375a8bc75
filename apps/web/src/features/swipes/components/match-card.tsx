import type { MatchItem } from '@funkeln/contracts/swipes';
import { useId } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { de } from '../../../i18n/de';
import { formatDateTime, formatLongDate } from '../../../lib/format-time';
import type { MatchAction } from '../api';

interface MatchCardProps {
  match: MatchItem;
  onAction: (action: MatchAction, match: MatchItem) => void;
}

/** Photo, name (to the profile), match date, 'Nachricht schreiben', 'Entmatchen' and 'Blockieren'. */
export function MatchCard({ match, onAction }: MatchCardProps) {
  const nameId = useId();
  const profile = `/profile/${encodeURIComponent(match.userId)}`;
  return (
    <li className="card member-card" data-testid="match-item">
      <Link className="member-card__person" to={profile}>
        <Avatar name={match.name} src={match.thumbUrl} alt="" />
        <span className="member-card__text">
          <span className="member-card__name" id={nameId}>
            {match.name}
          </span>
          <time className="member-card__time" dateTime={match.matchedAt} title={formatDateTime(match.matchedAt)}>
            {de.matches.matchedAt(formatLongDate(match.matchedAt))}
          </time>
        </span>
      </Link>
      <div className="member-card__actions">
        <Link
          className="btn btn--primary btn--small member-card__main"
          to={`/messages/${encodeURIComponent(match.userId)}`}
          aria-describedby={nameId}
        >
          {de.matches.write}
        </Link>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => onAction('unmatch', match)} aria-describedby={nameId}>
          {de.matches.unmatch}
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--small member-card__danger"
          onClick={() => onAction('block', match)}
          aria-describedby={nameId}
        >
          {de.matches.block}
        </button>
      </div>
    </li>
  );
}
