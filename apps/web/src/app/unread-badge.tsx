import { useEffect } from 'react';
import { de } from '../i18n/de';
import { useUnreadCount } from '../lib/unread';
import { titleWithUnread } from '../lib/unread-title';

/** The unread count beside 'Nachrichten' (top bar and tab bar); nothing while all is read. */
export function UnreadBadge() {
  const count = useUnreadCount();
  if (count === 0) return null;
  return (
    <span className="unread-badge" data-testid="unread-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{de.tabs.unread(count)}</span>
    </span>
  );
}

/** Keeps the unread count in the browser tab's title: '(3) Funkeln …'. */
export function UnreadTitle() {
  const count = useUnreadCount();
  useEffect(() => {
    document.title = titleWithUnread(document.title, count);
  }, [count]);
  useEffect(() => () => void (document.title = titleWithUnread(document.title, 0)), []);
  return null;
}
