import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import { de } from '../../i18n/de';
import { inboxQuery } from './api';
import { ConversationsPanel } from './components/conversations-panel';
import { InboxList } from './components/inbox-list';
import { MessageForm } from './components/message-form';
import { useLiveMessages } from './use-live-messages';
import './messages.css';
import './chat.css';

/**
 * /messages: new matches and conversations first, then the inbox; the spec's new-message form
 * (recipient from ?to=<id>) folded away under 'Nachricht an Mitglieds-ID', open when ?to= is given.
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
        <ConversationsPanel />
        <div className="messages__side">
          <section className="card messages__section" aria-labelledby="inbox-title">
            <h2 className="messages__section-title" id="inbox-title">
              {de.messages.inboxTitle}
            </h2>
            <QueryState query={inbox} failed={de.messages.inboxFailed}>
              {(items) => <InboxList items={items} />}
            </QueryState>
          </section>
          <details className="card messages__section messages__compose" open={to !== ''}>
            <summary className="messages__section-title" data-testid="compose-by-id">
              {de.messages.byIdTitle}
            </summary>
            <MessageForm key={to} recipientId={to} />
          </details>
        </div>
      </div>
    </section>
  );
}
