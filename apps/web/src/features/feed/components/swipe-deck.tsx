import { useId, useRef, useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { useViewportTop } from '../../../lib/use-viewport-top';
import type { SwipeKind } from '../api';
import type { Offset } from '../swipe-geometry';
import { useArrowKeys } from '../use-arrow-keys';
import { useFeed } from '../use-feed';
import { usePreloadPhotos } from '../use-preload-photos';
import { useSwipeActions } from '../use-swipe-actions';
import { FeedEmpty } from './feed-empty';
import { FeedLoadError } from './feed-load-error';
import { LeavingCard, type Leaving } from './leaving-card';
import { StackCard } from './stack-card';
import { SwipeActions } from './swipe-actions';
import '../swipe-deck.css';
import '../feed-card.css';
import '../swipe-actions.css';

const VISIBLE = 3;
const AT_REST: Offset = { x: 0, y: 0 };

interface SwipeDeckProps {
  radius: string;
  round: number;
  /** 'nur verifizierte Profile' */
  verifiedOnly?: boolean;
  onReload: () => void;
}

/** The card stack for one radius (and filter) with its buttons, arrow keys, paging, undo and status messages. */
export function SwipeDeck({ radius, round, verifiedOnly = false, onReload }: SwipeDeckProps) {
  const { cards, loading, done: exhausted, error: feedError, dispatch, retry } = useFeed(radius, round, verifiedOnly);
  const { swipe, undo, canUndo, error, announcement } = useSwipeActions(dispatch);
  const [leaving, setLeaving] = useState<Leaving[]>([]);
  const nextKey = useRef(0);
  const hintId = useId();
  const stack = useRef<HTMLElement>(null);
  useViewportTop(stack);
  const top = cards[0];
  const visible = cards.slice(0, VISIBLE);
  usePreloadPhotos(cards.slice(1, VISIBLE + 1).map((card) => card.photoUrl));

  const commit = (kind: SwipeKind, from: Offset = AT_REST) => {
    if (!top) return;
    nextKey.current += 1;
    const entry = { key: nextKey.current, card: top, kind, from };
    setLeaving((list) => [...list.slice(-2), entry]);
    swipe(top, kind);
  };
  useArrowKeys(commit, top !== undefined);
  const done = (key: number) => setLeaving((list) => list.filter((entry) => entry.key !== key));

  const waiting = !top && feedError === null && (loading || !exhausted);
  const loadError = feedError === null ? null : errorMessage(feedError, de.discover.loadFailed);

  return (
    <div className="swipe-deck">
      <section ref={stack} className="deck-stack" aria-label={de.discover.stackLabel} aria-describedby={hintId} tabIndex={0} data-testid="feed-stack">
        {visible.map((card, position) => (
          <StackCard key={card.id} card={card} position={position} onSwipe={commit} />
        ))}
        {leaving.map((entry) => (
          <LeavingCard key={entry.key} leaving={entry} onDone={done} />
        ))}
        {waiting ? (
          <div className="deck-stack__state">
            <Spinner label={de.common.loading} />
          </div>
        ) : null}
        {!top && !waiting && loadError === null ? <FeedEmpty onReload={onReload} /> : null}
        {!top && loadError !== null ? <FeedLoadError error={feedError} message={loadError} onRetry={retry} /> : null}
      </section>
      <SwipeActions disabled={!top} canUndo={canUndo} onSwipe={(kind) => commit(kind)} onUndo={() => void undo()} />
      <p className="swipe-deck__keys muted" id={hintId}>
        <span aria-hidden="true">{de.discover.keyboardHint}</span>
        <span className="visually-hidden">{de.discover.keyboardHintLong}</span>
      </p>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {top && loadError !== null ? (
        <div className="swipe-deck__page-error">
          <Notice tone="error">{loadError}</Notice>
          <button type="button" className="btn btn--ghost btn--small" onClick={retry}>
            {de.common.retry}
          </button>
        </div>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
