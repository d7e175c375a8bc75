import type { ChatMessage } from '@funkeln/contracts/messages';
import { useEffect, useRef } from 'react';
import { de } from '../../../i18n/de';
import { MessageBubble } from './message-bubble';

interface MessageThreadProps {
  memberId: string;
  memberName: string;
  messages: ChatMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/** The history, oldest first; 'Ältere Nachrichten laden' pages back, a new last message scrolls into view. */
export function MessageThread({ memberId, memberName, messages, hasOlder, loadingOlder, onLoadOlder }: MessageThreadProps) {
  const end = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;

  useEffect(() => {
    if (lastId) end.current?.scrollIntoView({ block: 'nearest' });
  }, [lastId]);

  return (
    <div className="card thread">
      {hasOlder ? (
        <button type="button" className="btn btn--ghost btn--small thread__older" disabled={loadingOlder} onClick={onLoadOlder}>
          {loadingOlder ? de.messages.loadingOlder : de.messages.loadOlder}
        </button>
      ) : null}
      {messages.length === 0 ? <p className="muted thread__empty">{de.messages.threadEmpty}</p> : null}
      <ol className="thread__list" role="log" aria-label={de.messages.threadLabel(memberName)} data-testid="message-thread">
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} mine={message.senderId !== memberId} memberName={memberName} />
        ))}
      </ol>
      <div ref={end} />
    </div>
  );
}
