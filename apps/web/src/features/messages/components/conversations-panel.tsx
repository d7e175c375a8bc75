import { useQuery } from '@tanstack/react-query';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { matchesQuery } from '../../../lib/matches';
import { conversationsQuery } from '../api';
import { ConversationList } from './conversation-list';
import { NewMatchesRow } from './new-matches-row';

/** New matches without messages on top, then the conversations, newest first. */
export function ConversationsPanel({ activeId }: { activeId?: string }) {
  const conversations = useQuery(conversationsQuery);
  const matches = useQuery(matchesQuery);
  const written = new Set(conversations.data?.map((c) => c.memberId));
  const fresh = conversations.data
    ? (matches.data ?? []).filter((m) => !written.has(m.userId)).sort((a, b) => Date.parse(b.matchedAt) - Date.parse(a.matchedAt))
    : [];
  return (
    <div className="card messages__section conversations-panel">
      <NewMatchesRow matches={fresh} />
      <section className="conversations-panel__list" aria-labelledby="conversations-title">
        <h2 className="messages__section-title" id="conversations-title">
          {de.messages.conversationsTitle}
        </h2>
        {conversations.isPending ? <Spinner label={de.common.loading} /> : null}
        {conversations.isError ? <Notice tone="error">{errorMessage(conversations.error, de.messages.conversationsFailed)}</Notice> : null}
        {conversations.data ? <ConversationList items={conversations.data} activeId={activeId} /> : null}
      </section>
    </div>
  );
}
