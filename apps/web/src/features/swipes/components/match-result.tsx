import type { MatchItem } from '@funkeln/contracts/swipes';
import type { Ref } from 'react';
import { de } from '../../../i18n/de';

export interface Result {
  tone: 'success' | 'error';
  text: string;
  /** After a block: who can be unblocked again. */
  blocked?: MatchItem;
}

interface MatchResultProps {
  result: Result | null;
  onUnblock: (match: MatchItem) => void;
  ref: Ref<HTMLDivElement>;
}

/** What the last unmatch or block did; takes the focus once the list item it came from is gone. */
export function MatchResult({ result, onUnblock, ref }: MatchResultProps) {
  return (
    <div ref={ref} tabIndex={-1} className="match-result" role="status" data-testid="match-result">
      {result ? (
        <p className={`notice notice--${result.tone} match-result__notice`}>
          <span>{result.text}</span>
          {result.blocked ? (
            <button type="button" className="btn btn--ghost btn--small" onClick={() => result.blocked && onUnblock(result.blocked)}>
              {de.matches.unblock}
            </button>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
