import type { SwipeKind } from '../api';
import { de } from '../../../i18n/de';

const LABELS: Record<SwipeKind, string> = {
  like: de.discover.stampLike,
  skip: de.discover.stampNope,
  flirt: de.discover.stampFlirt,
};

/** 'LIKE', 'NOPE' or 'FLIRT' fading in while the card is dragged towards that swipe. */
export function SwipeStamp({ kind, progress }: { kind: SwipeKind; progress: number }) {
  return (
    <span className={`swipe-stamp swipe-stamp--${kind}`} style={{ opacity: progress }} aria-hidden="true" data-testid="swipe-stamp">
      {LABELS[kind]}
    </span>
  );
}
