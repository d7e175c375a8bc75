import type { SwipeKind } from '../api';
import { de } from '../../../i18n/de';

interface SwipeActionsProps {
  disabled: boolean;
  canUndo: boolean;
  onSwipe: (kind: SwipeKind) => void;
  onUndo: () => void;
}

const ICONS: Record<SwipeKind | 'undo', string> = {
  undo: 'M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11',
  skip: 'M6 6l12 12M18 6 6 18',
  flirt: 'M12 2.8l2.2 5.9 6.3.3-4.9 4 1.7 6.1L12 15.6l-5.3 3.5 1.7-6.1-4.9-4 6.3-.3z',
  like: 'M12 20s-7-4.1-7-9.5A4 4 0 0 1 12 8a4 4 0 0 1 7 2.5C19 15.9 12 20 12 20z',
};

function ActionButton({ kind, label, disabled, onClick }: { kind: SwipeKind | 'undo'; label: string; disabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className={`swipe-action swipe-action--${kind}`}
      disabled={disabled}
      onClick={onClick}
      title={kind === 'undo' ? de.discover.undoTitle : undefined}
    >
      <span className="swipe-action__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" focusable="false">
          <path d={ICONS[kind]} />
        </svg>
      </span>
      <span className="swipe-action__label">{label}</span>
    </button>
  );
}

/** Rückgängig, Skip, Flirt, Like: round buttons with their labels underneath. */
export function SwipeActions({ disabled, canUndo, onSwipe, onUndo }: SwipeActionsProps) {
  return (
    <div className="swipe-actions">
      <ActionButton kind="undo" label={de.discover.undo} disabled={!canUndo} onClick={onUndo} />
      <ActionButton kind="skip" label={de.discover.skip} disabled={disabled} onClick={() => onSwipe('skip')} />
      <ActionButton kind="flirt" label={de.discover.flirt} disabled={disabled} onClick={() => onSwipe('flirt')} />
      <ActionButton kind="like" label={de.discover.like} disabled={disabled} onClick={() => onSwipe('like')} />
    </div>
  );
}
