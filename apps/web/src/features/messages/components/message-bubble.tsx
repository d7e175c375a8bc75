import type { ChatMessage } from '@funkeln/contracts/messages';
import { ReportButton } from '../../../components/ui/report-button';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/format-time';
import type { EvidenceItem } from '../../../lib/reports';
import { clockTime } from '../thread-layout';
import { MessageSafety } from './message-safety';
import { PrepaidBadge } from './prepaid-badge';

interface MessageBubbleProps {
  message: ChatMessage;
  mine: boolean;
  memberName: string;
  /** First and last of a run of one sender's messages: the corners and the time follow it. */
  groupStart: boolean;
  groupEnd: boolean;
  /** The last of my messages the member has read: 'Gelesen' under it. */
  read: boolean;
  /** What a report of this message may carry: it and the messages before it (the dialog lists them). */
  evidence?: EvidenceItem[] | undefined;
}

export function MessageBubble({ message, mine, memberName, groupStart, groupEnd, read, evidence }: MessageBubbleProps) {
  const classes = ['bubble', mine ? 'bubble--mine' : '', groupStart ? '' : 'bubble--joined', groupEnd ? '' : 'bubble--continued'];
  return (
    <li className={classes.filter(Boolean).join(' ')} data-testid="chat-message">
      <span className="visually-hidden">{mine ? de.messages.mine : memberName}: </span>
      <p className="bubble__body">{message.body}</p>
      {!mine && message.safety ? <MessageSafety messageId={message.id} safety={message.safety} /> : null}
      <span className="bubble__meta">
        <PrepaidBadge credits={message.prepaidReserved} />
        {mine ? null : <ReportButton target={{ messageId: message.id }} evidence={evidence} />}
        <time className={groupEnd ? 'bubble__time' : 'bubble__time visually-hidden'} dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
          {clockTime(message.createdAt)}
        </time>
      </span>
      {read ? (
        <span className="bubble__read" data-testid="read-receipt">
          {de.messages.read}
        </span>
      ) : null}
    </li>
  );
}
