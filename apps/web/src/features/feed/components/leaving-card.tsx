import type { FeedCard } from '@funkeln/contracts/feed';
import type { SwipeKind } from '../api';
import { transformOf, type Offset } from '../swipe-geometry';
import { FeedCardFace } from './feed-card-face';
import { SwipeStamp } from './swipe-stamp';

export interface Leaving {
  key: number;
  card: FeedCard;
  kind: SwipeKind;
  from: Offset;
}

/**
 * A decorative copy of a swiped card flying off screen, starting where the drag let go. The stack
 * itself has already moved on, so the next card is usable at once.
 */
export function LeavingCard({ leaving, onDone }: { leaving: Leaving; onDone: (key: number) => void }) {
  return (
    <div
      className={`stack-card swipe-ghost swipe-ghost--${leaving.kind}`}
      style={{ transform: transformOf(leaving.from) }}
      aria-hidden="true"
      inert
      onAnimationEnd={() => onDone(leaving.key)}
    >
      <div className="feed-card">
        <FeedCardFace card={leaving.card} eager>
          <SwipeStamp kind={leaving.kind} progress={1} />
        </FeedCardFace>
      </div>
    </div>
  );
}
