import type { FeedCard } from '@funkeln/contracts/feed';
import type { KeyboardEvent } from 'react';
import { de } from '../../../i18n/de';

interface CardPhotosProps {
  card: FeedCard;
  eager: boolean;
  /** Which of the card's photos shows (0 = the main photo). */
  index: number;
  onIndex?: (index: number) => void;
}

/** The card's photos in the member's order: the main photo first, at least photoUrl. */
export function cardPhotos(card: FeedCard): string[] {
  return card.photos?.length ? card.photos : [card.photoUrl];
}

/** The next photo index after a step (no wrap-around, as on the big apps). */
export function steppedPhoto(index: number, step: -1 | 1, count: number): number {
  return Math.min(Math.max(index + step, 0), count - 1);
}

/**
 * The photo area: one photo, or with several, position dots; taps on the left/right half step
 * (counted by the card's gesture), and ↑/↓ step while the area has keyboard focus. The deck's own
 * arrow keys (→ Like, ← Skip, ↑ Flirt) stay as they are everywhere else: a mouse click does not
 * focus the area, and only a handled key is marked as used.
 */
export function CardPhotos({ card, eager, index, onIndex }: CardPhotosProps) {
  const photos = cardPhotos(card);
  const shown = Math.min(index, photos.length - 1);
  const img = (
    <img
      className="feed-card__photo"
      src={photos[shown]}
      alt={de.discover.photoAlt(card.name)}
      draggable={false}
      decoding="async"
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
    />
  );
  if (photos.length < 2 || !onIndex) return img;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    onIndex(steppedPhoto(shown, step, photos.length));
  };

  return (
    <div
      className="feed-card__photos"
      role="group"
      tabIndex={0}
      aria-label={de.discover.cardPhotos(card.name, shown + 1, photos.length)}
      data-testid="card-photos"
      onKeyDown={onKeyDown}
      onMouseDown={(event) => event.preventDefault()}
    >
      {img}
      <ol className="feed-card__dots" aria-hidden="true">
        {photos.map((url, i) => (
          <li key={url} className={i === shown ? 'feed-card__dot feed-card__dot--on' : 'feed-card__dot'} title={de.discover.cardPhoto(i + 1, photos.length)} />
        ))}
      </ol>
    </div>
  );
}
