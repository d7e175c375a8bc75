import type { CompanionTurn } from '@funkeln/contracts/companion';
import { useEffect, useRef } from 'react';
import { de } from '../../../i18n/de';

interface Props {
  turns: CompanionTurn[];
  waiting: boolean;
  /** The reply as far as it has been streamed. */
  draft: string | null;
}

/**
 * The conversation: the member on the right, the Digital Friend on the left, kept scrolled to the
 * newest turn. A reply growing as it streams is hidden from screen readers: the live region
 * announces it once, when it is complete and becomes a turn.
 */
export function ChatTurns({ turns, waiting, draft }: Props) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [turns, waiting, draft]);

  return (
    <ol className="companion-chat__turns" ref={list} aria-live="polite" aria-label={de.companion.title}>
      {turns.map((t, i) => (
        <li key={`${t.created_at}-${i}`} className={`companion-turn companion-turn--${t.role}`} data-testid={`companion-${t.role}`}>
          <span className="visually-hidden">{t.role === 'user' ? de.companion.you : de.companion.friend}: </span>
          {t.content}
        </li>
      ))}
      {waiting && draft ? (
        <li className="companion-turn companion-turn--assistant companion-turn--streaming" data-testid="companion-draft" aria-hidden="true">
          {draft}
        </li>
      ) : waiting ? (
        <li className="companion-turn companion-turn--assistant companion-turn--typing" data-testid="companion-typing">
          <span className="companion-typing" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span className="visually-hidden">{de.companion.typing}</span>
        </li>
      ) : null}
    </ol>
  );
}
