import type { ConversationSummary } from '@funkeln/contracts/messages';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/format-time';
import { listTime } from '../thread-layout';

/** One row per member written with, newest first, with the last message, its time and how many are unread. */
export function ConversationList({ items, activeId }: { items: ConversationSummary[]; activeId?: string | undefined }) {
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
                <span className="conversation-item__name">{item.name}</span>
                <span className="conversation-item__preview">
                  {mine ? `${de.messages.you} ` : ''}
                  {item.lastMessage.body}
                </span>
              </span>
              <span className="conversation-item__meta">
                <time dateTime={item.lastMessage.createdAt} title={formatDateTime(item.lastMessage.createdAt)}>
                  {listTime(item.lastMessage.createdAt)}
                </time>
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
