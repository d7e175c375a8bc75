import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import { de } from '../../i18n/de';
import type { InboxItem } from '@funkeln/contracts/messages';
import { inboxQuery } from './api';
import { ConversationsPanel } from './components/conversations-panel';
import { InboxList } from './components/inbox-list';
import { MessageForm } from './components/message-form';
import { useLiveMessages } from './use-live-messages';
import './messages.css';
import './chat.css';

/** Credits held for a reply, per member who wrote: what the inbox says of each message, summed for the member's row. */
function prepaidBySender(items: InboxItem[]): Map<string, number> {
  const held = new Map<string, number>();
  for (const item of items) {
    if (item.sender_id && item.prepaid_reply_reserved_credits > 0) held.set(item.sender_id, (held.get(item.sender_id) ?? 0) + item.prepaid_reply_reserved_credits);
  }
  return held;
}

/**
 * /messages: one list (issue 56, item 10): new matches and the conversations, each row with photo,
 * name and age, the last message, what is unread and the credits held for a reply. The spec's inbox
 * (every message received, its sender, text and prepaid badge) stays one tap away, folded under
 * 'Posteingang'; the spec's new-message form (recipient from ?to=<id>) shows only where a link
 * names the recipient, so nobody is asked for a raw member id.
 */
export function MessagesPage() {
  const [params] = useSearchParams();
  const to = params.get('to') ?? '';
  const inbox = useQuery(inboxQuery);
  useLiveMessages();

  return (
    <section className="page messages" aria-labelledby="messages-title">
      <PageHeader titleId="messages-title" title={de.messages.title} lead={de.messages.lead} />
      <div className="messages__grid">
        <ConversationsPanel prepaid={prepaidBySender(inbox.data ?? [])} />
        <div className="messages__side">
          {to !== '' ? (
            <section className="card messages__section messages__compose" aria-labelledby="compose-title">
              <h2 className="messages__section-title" id="compose-title" data-testid="compose-by-id">
                {de.messages.byIdTitle}
              </h2>
              <MessageForm key={to} recipientId={to} />
            </section>
          ) : null}
          <details className="card messages__section messages__inbox" data-testid="inbox">
            <summary className="messages__section-title">{de.messages.inboxTitle}</summary>
            <section aria-label={de.messages.inboxTitle}>
              <p className="muted messages__inbox-hint">{de.messages.inboxHint}</p>
              <QueryState query={inbox} failed={de.messages.inboxFailed}>
                {(items) => <InboxList items={items} />}
              </QueryState>
            </section>
          </details>
        </div>
      </div>
    </section>
  );
}
