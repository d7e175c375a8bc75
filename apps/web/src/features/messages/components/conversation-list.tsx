import type { ConversationSummary } from '@funkeln/contracts/messages';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/format-time';
import { listTime } from '../thread-layout';
import { PrepaidBadge } from './prepaid-badge';

interface ConversationListProps {
  items: ConversationSummary[];
  activeId?: string | undefined;
  /** Credits held for a reply, per member (from the inbox); shown as the prepaid badge on the row. */
  prepaid?: ReadonlyMap<string, number> | undefined;
}

/** One row per member written with, newest first: photo, name and age, the last message, its time, how many are unread and a prepaid reply waiting. */
export function ConversationList({ items, activeId, prepaid }: ConversationListProps) {
  if (items.length === 0) return <p className="muted">{de.messages.conversationsEmpty}</p>;
  return (
    <ul className="conversation-list" data-testid="conversation-list">
      {items.map((item) => {
        const mine = item.lastMessage.senderId !== item.memberId;
        const active = item.memberId === activeId;
        return (
          <li key={item.memberId} data-testid="conversation-item">
            <Link
              className={active ? 'conversation-item conversation-item--active' : 'conversation-item'}
              to={`/messages/${encodeURIComponent(item.memberId)}`}
              aria-current={active ? 'page' : undefined}
            >
              <Avatar name={item.name} src={item.thumbUrl} alt="" />
              <span className="conversation-item__text">
                <span className="conversation-item__name">{de.details.nameAge(item.name, item.age)}</span>
                <span className="conversation-item__preview">
                  {mine ? `${de.messages.you} ` : ''}
                  {item.lastMessage.body}
                </span>
              </span>
              <span className="conversation-item__meta">
                <time dateTime={item.lastMessage.createdAt} title={formatDateTime(item.lastMessage.createdAt)}>
                  {listTime(item.lastMessage.createdAt)}
                </time>
                <PrepaidBadge credits={prepaid?.get(item.memberId) ?? 0} />
                {item.unread > 0 ? (
                  <span className="conversation-item__unread" data-testid="unread-count">
                    {de.messages.unread(item.unread)}
                  </span>
                ) : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
