import type { ChatMessage } from '@funkeln/contracts/messages';
import { useEffect, useMemo, useRef } from 'react';
import { de } from '../../../i18n/de';
import { evidenceUpTo, layoutThread } from '../thread-layout';
import { MessageBubble } from './message-bubble';

interface MessageThreadProps {
  memberId: string;
  memberName: string;
  messages: ChatMessage[];
  /** The member is typing to me right now. */
  typing: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/**
 * The history, oldest first, under day separators, grouped per sender; 'Ältere Nachrichten laden'
 * pages back; a new last message or the typing indicator scrolls into view.
 */
export function MessageThread({ memberId, memberName, messages, typing, hasOlder, loadingOlder, onLoadOlder }: MessageThreadProps) {
  const end = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  const items = useMemo(() => layoutThread(messages, memberId), [messages, memberId]);

  useEffect(() => {
    if (lastId || typing) end.current?.scrollIntoView({ block: 'nearest' });
  }, [lastId, typing]);

  return (
    <div className="card thread">
      {hasOlder ? (
        <button type="button" className="btn btn--ghost btn--small thread__older" disabled={loadingOlder} onClick={onLoadOlder}>
          {loadingOlder ? de.messages.loadingOlder : de.messages.loadOlder}
        </button>
      ) : null}
      {messages.length === 0 ? <p className="muted thread__empty">{de.messages.threadEmpty}</p> : null}
      {/* The live region wraps the list: role="log" on the <ol> itself would take away its list semantics. */}
      <div role="log" aria-label={de.messages.threadLabel(memberName)}>
        <ol className="thread__list" data-testid="message-thread">
          {items.map((item) =>
            item.kind === 'day' ? (
              <li key={item.key} className="thread__day" data-testid="day-separator">
                {item.label}
              </li>
            ) : (
              <MessageBubble
                key={item.key}
                message={item.message}
                mine={item.mine}
                memberName={memberName}
                groupStart={item.groupStart}
                groupEnd={item.groupEnd}
                read={item.read}
                evidence={item.mine ? undefined : evidenceUpTo(messages, memberId, item.message.id)}
              />
            ),
          )}
        </ol>
      </div>
      <p className="thread__typing" aria-live="polite" data-testid="typing-indicator">
        {typing ? de.messages.typing(memberName) : ''}
      </p>
      <div ref={end} />
    </div>
  );
}
