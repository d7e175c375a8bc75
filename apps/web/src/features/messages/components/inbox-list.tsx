import type { InboxItem } from '@funkeln/contracts/messages';
import { Link } from 'react-router';
import { ReportButton } from '../../../components/ui/report-button';
import { de } from '../../../i18n/de';
import { formatDateTime, formatRelative } from '../../../lib/format-time';
import { PrepaidBadge } from './prepaid-badge';

/** Messages received, newest first: sender, text, the prepaid badge and a way to answer. */
export function InboxList({ items }: { items: InboxItem[] }) {
  if (items.length === 0) return <p className="muted">{de.messages.inboxEmpty}</p>;
  return (
    <ul className="inbox-list" data-testid="inbox-list">
      {items.map((item) => (
        <li key={item.id} className={item.read ? 'inbox-item' : 'inbox-item inbox-item--unread'} data-testid="inbox-item">
          <div className="inbox-item__head">
            <span className="inbox-item__sender">{item.sender_name}</span>
            {item.read ? null : <span className="inbox-item__new">{de.messages.unreadMark}</span>}
            <time className="inbox-item__time" dateTime={item.created_at} title={formatDateTime(item.created_at)}>
              {formatRelative(item.created_at)}
            </time>
          </div>
          <p className="inbox-item__body">{item.body}</p>
          <div className="inbox-item__foot">
            <PrepaidBadge credits={item.prepaid_reply_reserved_credits} />
            {item.sender_id ? (
              <Link className="btn btn--ghost btn--small" to={`/messages/${encodeURIComponent(item.sender_id)}`}>
                {de.messages.reply}
              </Link>
            ) : null}
            <ReportButton target={{ messageId: item.id }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
