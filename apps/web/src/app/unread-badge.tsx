import { useEffect } from 'react';
import { CountBadge } from '../components/ui/count-badge';
import { de } from '../i18n/de';
import { useNewCounts } from '../lib/new-counts';
import { useUnreadCount } from '../lib/unread';
import { titleWithUnread } from '../lib/unread-title';

/** The unread count beside 'Nachrichten' (top bar and tab bar); nothing while all is read. */
export function UnreadBadge() {
  const count = useUnreadCount();
  return <CountBadge count={count} label={de.tabs.unread(count)} testId="unread-badge" />;
}

/** New matches and flirts together, beside the link to them (Matches in the tab bar, Entdecken in the top bar). */
export function NewMatchesBadge() {
  const { matches, flirts } = useNewCounts();
  const count = matches + flirts;
  return <CountBadge count={count} label={de.tabs.newMatchesAndFlirts(count)} testId="new-badge" />;
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
