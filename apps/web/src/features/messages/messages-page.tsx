import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Notice } from '../../components/ui/notice';
import { Spinner } from '../../components/ui/spinner';
import { de } from '../../i18n/de';
import { errorMessage } from '../../lib/api';
import { conversationsQuery, inboxQuery } from './api';
import { ConversationList } from './components/conversation-list';
import { InboxList } from './components/inbox-list';
import { MessageForm } from './components/message-form';
import { useLiveMessages } from './use-live-messages';

/** /messages: conversations, the inbox and the new-message form (recipient from ?to=<id>). */
export function MessagesPage() {
  const [params] = useSearchParams();
  const to = params.get('to') ?? '';
  const inbox = useQuery(inboxQuery);
  const conversations = useQuery(conversationsQuery);
  useLiveMessages();

  return (
    <section className="page messages" aria-labelledby="messages-title">
      <header className="page-header">
        <h1 id="messages-title">{de.messages.title}</h1>
        <p className="page-header__lead muted">{de.messages.lead}</p>
      </header>
      <div className="messages__grid">
        <div className="messages__lists">
          <section className="card messages__section" aria-labelledby="conversations-title">
            <h2 className="messages__section-title" id="conversations-title">
              {de.messages.conversationsTitle}
            </h2>
            {conversations.isPending ? <Spinner label={de.common.loading} /> : null}
            {conversations.isError ? <Notice tone="error">{errorMessage(conversations.error, de.messages.conversationsFailed)}</Notice> : null}
            {conversations.data ? <ConversationList items={conversations.data} /> : null}
          </section>
          <section className="card messages__section" aria-labelledby="inbox-title">
            <h2 className="messages__section-title" id="inbox-title">
              {de.messages.inboxTitle}
            </h2>
            {inbox.isPending ? <Spinner label={de.common.loading} /> : null}
            {inbox.isError ? <Notice tone="error">{errorMessage(inbox.error, de.messages.inboxFailed)}</Notice> : null}
            {inbox.data ? <InboxList items={inbox.data} /> : null}
          </section>
        </div>
        <section className="card messages__section messages__compose" aria-labelledby="compose-title">
          <h2 className="messages__section-title" id="compose-title">
            {de.messages.newTitle}
          </h2>
          <MessageForm key={to} recipientId={to} askRecipient />
        </section>
      </div>
    </section>
  );
}
