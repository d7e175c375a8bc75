import { useState } from 'react';
import { Navigate } from 'react-router';
import { Notice } from '../../components/ui/notice';
import { de } from '../../i18n/de';
import { ApiError, errorMessage } from '../../lib/api';
import { useToken } from '../../lib/token-storage';
import { useCompanionInfo, useConversations, useHistory, useSend, useStart } from './api';
import { ChatPane } from './components/chat-pane';
import { ConversationList } from './components/conversation-list';
import { MemoryPanel } from './components/memory-panel';

const LOGIN = '/login?next=/digital-friend';
const unauthorized = (...errors: unknown[]) => errors.some((e) => e instanceof ApiError && (e.status === 401 || e.status === 403));

/** Not behind the route guard: sends visitors (and 401/403 answers) to the login and back here afterwards. */
export function DigitalFriendPage() {
  const token = useToken();
  if (!token) return <Navigate to={LOGIN} replace />;
  return <DigitalFriend />;
}

function DigitalFriend() {
  const [active, setActive] = useState<string | null>(null);
  const info = useCompanionInfo();
  const conversations = useConversations();
  const history = useHistory(active);
  const start = useStart();
  const send = useSend(active);
  if (unauthorized(info.error, conversations.error, history.error, start.error, send.error)) return <Navigate to={LOGIN} replace />;

  return (
    <section className="page df-page" aria-labelledby="df-title">
      <h1 id="df-title">{de.companion.title}</h1>
      <p className="muted">{de.companion.lead}</p>
      {info.data ? (
        <p className="df-page__kind" data-testid="df-kind">
          {info.data.label} · {de.companion.cost(info.data.cost)}
        </p>
      ) : null}
      {conversations.isError ? <Notice tone="error">{errorMessage(conversations.error, de.companion.loadFailed)}</Notice> : null}
      {start.isError ? <Notice tone="error">{errorMessage(start.error, de.companion.startFailed)}</Notice> : null}
      <div className="df-layout">
        <ConversationList
          conversations={conversations.data ?? []}
          active={active}
          onPick={setActive}
          starting={start.isPending}
          onNew={() => start.mutate(undefined, { onSuccess: ({ id }) => setActive(id) })}
        />
        {active ? (
          <ChatPane
            turns={history.data ?? []}
            waiting={send.isPending}
            error={send.isError ? errorMessage(send.error, de.companion.sendFailed) : null}
            onSend={(content) => send.mutate(content)}
          />
        ) : (
          <p className="df-chat muted">{de.companion.pick}</p>
        )}
      </div>
      <MemoryPanel />
    </section>
  );
}
