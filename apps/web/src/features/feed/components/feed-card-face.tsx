import type { FeedCard } from '@funkeln/contracts/feed';
import type { ReactNode } from 'react';
import { VerifiedCheck } from '../../../components/ui/verified-check';
import { de } from '../../../i18n/de';
import { CardPhotos } from './card-photos';
import { CardDetails } from './card-details';

interface FeedCardFaceProps {
  card: FeedCard;
  /** The visible top card loads first; the ones behind it may wait. */
  eager: boolean;
  /** Which of the card's photos shows, and how to step (the top card only). */
  photoIndex?: number;
  onPhotoIndex?: (index: number) => void;
  children?: ReactNode;
}

/** Photo with name, age, city and (for premium members) the distance band over a soft gradient. */
export function FeedCardFace({ card, eager, photoIndex = 0, onPhotoIndex, children }: FeedCardFaceProps) {
  const title = de.details.nameAge(card.name, card.age);
  return (
    <>
      <CardPhotos card={card} eager={eager} index={photoIndex} onIndex={onPhotoIndex} />
      <div className="feed-card__info">
        <h2 className="feed-card__name" data-testid="card-name">
          {title}
          {card.photoVerified ? <VerifiedCheck testId="card-verified" /> : null}
        </h2>
        {card.city || card.distance ? (
          <p className="feed-card__meta">
            {card.city ? (
              <span className="feed-card__city" data-testid="card-city">
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M12 21s-6.5-6-6.5-11a6.5 6.5 0 0 1 13 0c0 5-6.5 11-6.5 11z" />
                  <circle cx="12" cy="10" r="2.3" />
                </svg>
                {card.city}
              </span>
            ) : null}
            {card.distance ? (
              <span className="feed-card__distance" data-testid="card-distance">
                {de.discover.distance(card.distance)}
              </span>
            ) : null}
          </p>
        ) : null}
        {card.badges?.length ? (
          <ul className="feed-card__badges" aria-label={de.profile.badges}>
            {card.badges.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        ) : null}
        <CardDetails card={card} />
      </div>
      {children}
    </>
  );
}
