import type { FeedCard } from '@funkeln/contracts/feed';
import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import { de } from '../../i18n/de';
import { errorMessage } from '../../lib/api-error';
import { announceMatch } from '../../lib/match-celebration';
import { sendSwipe, undoLastSwipe, type SwipeKind } from './api';
import type { FeedAction } from './feed-reducer';

/** The server keeps the last skip or like undoable for 10 seconds. */
const UNDO_WINDOW_MS = 10_000;

const ANNOUNCE: Record<SwipeKind, (name: string) => string> = {
  skip: de.discover.announceSkip,
  like: de.discover.announceLike,
  flirt: de.discover.announceFlirt,
};

const matchFromCard = (card: FeedCard) => ({
  userId: card.id,
  name: card.name,
  thumbUrl: card.photoUrl,
  matchedAt: new Date().toISOString(),
});

/**
 * Skip, like and flirt advance the stack at once; the request follows in the background (a failed
 * one puts the card back). 'Rückgängig' waits for that request, then asks the server to undo.
 */
export function useSwipeActions(dispatch: Dispatch<FeedAction>) {
  const [undoable, setUndoable] = useState<FeedCard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const pending = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    if (!undoable) return;
    const timer = window.setTimeout(() => setUndoable(null), UNDO_WINDOW_MS);
    return () => window.clearTimeout(timer);
  }, [undoable]);

  const swipe = useCallback(
    (card: FeedCard, kind: SwipeKind) => {
      dispatch({ type: 'remove', id: card.id });
      setError(null);
      setAnnouncement(ANNOUNCE[kind](card.name));
      setUndoable(kind === 'flirt' ? null : card);
      pending.current = sendSwipe(card.id, kind).then(
        (result) => {
          if (result.match && kind !== 'skip') announceMatch(matchFromCard(card));
        },
        (failure: unknown) => {
          dispatch({ type: 'restore', card });
          setUndoable((current) => (current?.id === card.id ? null : current));
          setError(errorMessage(failure, de.discover.actionFailed));
        },
      );
    },
    [dispatch],
  );

  const undo = useCallback(async () => {
    setUndoable(null);
    setError(null);
    await pending.current;
    try {
      const card = await undoLastSwipe();
      if (!card) {
        setError(de.discover.undoFailed);
        return;
      }
      dispatch({ type: 'restore', card });
      setAnnouncement(de.discover.announceUndo(card.name));
    } catch (failure) {
      setError(errorMessage(failure, de.discover.undoFailed));
    }
  }, [dispatch]);

  return { swipe, undo, canUndo: undoable !== null, error, announcement };
}
