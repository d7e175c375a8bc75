import type { FeedCard } from '@funkeln/contracts/feed';
import { useState } from 'react';
import { Link } from 'react-router';
import { de } from '../../../i18n/de';
import type { SwipeKind } from '../api';
import { directionOf, transformOf, type Offset } from '../swipe-geometry';
import { useSwipeGesture } from '../use-swipe-gesture';
import { cardPhotos, steppedPhoto } from './card-photos';
import { FeedCardFace } from './feed-card-face';
import { SwipeStamp } from './swipe-stamp';

interface StackCardProps {
  card: FeedCard;
  /** 0 is the top card, 1 and 2 peek out behind it. */
  position: number;
  onSwipe: (kind: SwipeKind, from: Offset) => void;
}

/** One card of the stack; only the top one can be dragged, the ones behind are hidden from assistive tech. */
export function StackCard({ card, position, onSwipe }: StackCardProps) {
  const top = position === 0;
  const [photo, setPhoto] = useState(0);
  // A tap on the left half shows the previous photo, on the right half the next one.
  const onTap = (across: number) => setPhoto((i) => steppedPhoto(i, across < 0.5 ? -1 : 1, cardPhotos(card).length));
  const { handlers, offset, progress } = useSwipeGesture(onSwipe, top, onTap);
  const direction = offset ? directionOf(offset) : null;
  const classes = ['stack-card', `stack-card--pos${position}`, offset ? 'stack-card--dragging' : ''].filter(Boolean).join(' ');
  return (
    <div
      className={classes}
      style={offset ? { transform: transformOf(offset) } : undefined}
      data-testid={top ? 'top-card' : undefined}
      aria-hidden={top ? undefined : true}
      inert={!top}
      {...(top ? handlers : {})}
    >
      <article className="feed-card" data-testid="feed-card" aria-label={card.name}>
        <FeedCardFace card={card} eager={position < 2} photoIndex={photo} onPhotoIndex={top ? setPhoto : undefined}>
          {direction ? <SwipeStamp kind={direction} progress={progress} /> : null}
          {top ? (
            <Link
              className="feed-card__profile"
              to={`/profile/${encodeURIComponent(card.id)}`}
              aria-label={de.discover.viewProfile(card.name)}
              title={de.discover.viewProfile(card.name)}
              onPointerDown={(event) => event.stopPropagation()}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <circle cx="12" cy="12" r="9" />
                <path d="M12 11v5.5M12 7.6v.1" />
              </svg>
            </Link>
          ) : null}
        </FeedCardFace>
      </article>
    </div>
  );
}
