import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/ui/query-state';
import { de } from '../../../i18n/de';
import { matchesQuery } from '../../../lib/matches';
import { conversationsQuery } from '../api';
import { ConversationList } from './conversation-list';
import { NewMatchesRow } from './new-matches-row';

/** New matches without messages on top, then the conversations, newest first. */
export function ConversationsPanel({ activeId, prepaid }: { activeId?: string; prepaid?: ReadonlyMap<string, number> }) {
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
        <QueryState query={conversations} failed={de.messages.conversationsFailed}>
          {(items) => <ConversationList items={items} activeId={activeId} prepaid={prepaid} />}
        </QueryState>
      </section>
    </div>
  );
}
