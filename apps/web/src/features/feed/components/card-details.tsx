import type { FeedCard } from '@funkeln/contracts/feed';
import { InterestChips } from '../../../components/ui/interest-chips';
import { de } from '../../../i18n/de';

/** The text part of a card below the name: the start of the about-me text, interests (shared first) and how many are shared. */
export function CardDetails({ card }: { card: FeedCard }) {
  const shared = card.sharedInterests ?? 0;
  return (
    <>
      {card.about ? (
        <p className="feed-card__about" data-testid="card-about">
          {card.about}
        </p>
      ) : null}
      {shared > 0 ? (
        <p className="feed-card__shared" data-testid="card-shared">
          {de.details.sharedInterests(shared)}
        </p>
      ) : null}
      {card.interests?.length ? <InterestChips interests={card.interests} shared={shared} onPhoto /> : null}
    </>
  );
}
