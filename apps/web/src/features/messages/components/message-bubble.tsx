import type { ChatMessage } from '@funkeln/contracts/messages';
import { ReportButton } from '../../../components/ui/report-button';
import { de } from '../../../i18n/de';
import { formatDateTime, formatShortDateTime } from '../../../lib/format-time';
import { PrepaidBadge } from './prepaid-badge';

interface MessageBubbleProps {
  message: ChatMessage;
  mine: boolean;
  memberName: string;
}

export function MessageBubble({ message, mine, memberName }: MessageBubbleProps) {
  return (
    <li className={mine ? 'bubble bubble--mine' : 'bubble'} data-testid="chat-message">
      <span className="visually-hidden">{mine ? de.messages.mine : memberName}: </span>
      <p className="bubble__body">{message.body}</p>
      <span className="bubble__meta">
        <PrepaidBadge credits={message.prepaidReserved} />
        {mine ? null : <ReportButton target={{ messageId: message.id }} />}
        <time className="bubble__time" dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
          {formatShortDateTime(message.createdAt)}
        </time>
      </span>
    </li>
  );
}
