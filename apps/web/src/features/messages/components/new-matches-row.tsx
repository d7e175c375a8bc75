import type { MatchItem } from '@funkeln/contracts/swipes';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { de } from '../../../i18n/de';

/** Matches nobody has written to yet, newest first, as a row of photos that scrolls within itself. */
export function NewMatchesRow({ matches }: { matches: MatchItem[] }) {
  if (matches.length === 0) return null;
  return (
    <section className="new-matches" aria-labelledby="new-matches-title">
      <h2 className="messages__section-title" id="new-matches-title">
        {de.messages.newMatchesTitle}
      </h2>
      <ul className="new-matches__row" aria-label={de.messages.newMatchesLabel} data-testid="new-matches">
        {matches.map((match) => (
          <li key={match.userId}>
            <Link className="new-matches__item" to={`/messages/${encodeURIComponent(match.userId)}`} aria-label={de.messages.writeTo(match.name)}>
              <Avatar name={match.name} src={match.thumbUrl} alt="" size="lg" />
              <span className="new-matches__name">{match.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
