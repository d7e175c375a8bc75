import { Notice } from '../../components/ui/notice';
import { de } from '../../i18n/de';
import { errorCode, errorMessage } from '../../lib/api-error';
import { useToken } from '../../lib/token-storage';
import { useCompanionInfo, useHistory, useSend } from './api';
import { ChatPane } from './components/chat-pane';
import { CompanionIntro } from './components/companion-intro';
import { CompanionNotice } from './components/companion-notice';
import { ConversationList } from './components/conversation-list';
import { MemoryPanel } from './components/memory-panel';
import { isUnauthorized, LoginRedirect } from './login-redirect';
import { useActiveConversation } from './use-active-conversation';
import './companion.css';

/**
 * Not behind the route guard (spec 2): a visitor sees what the Digital Friend is and why to sign up
 * (issue 56); a session the server refuses (401/403) goes to the login.
 */
export function CompanionPage() {
  const token = useToken();
  if (!token) return <CompanionIntro />;
  return <Companion />;
}

function Companion() {
  const info = useCompanionInfo();
  const { conversations, start, active, pick, startNew } = useActiveConversation();
  const history = useHistory(active);
  const { send, draft } = useSend();
  if (isUnauthorized(info.error, conversations.error, history.error, start.error, send.error)) return <LoginRedirect />;

  const sendingHere = send.isPending && send.variables.conversationId === active;
  const sendFailedHere = send.isError && send.variables.conversationId === active;
  const loadError = conversations.error ?? history.error;

  return (
    <section className="page companion-page" aria-labelledby="companion-title">
      <h1 id="companion-title">{de.companion.title}</h1>
      <p className="muted">{de.companion.lead}</p>
      {info.data ? <CompanionNotice info={info.data} /> : null}
      {loadError ? <Notice tone="error">{errorMessage(loadError, de.companion.loadFailed)}</Notice> : null}
      {start.isError ? <Notice tone="error">{errorMessage(start.error, de.companion.startFailed)}</Notice> : null}
      <div className="companion-layout">
        <ConversationList conversations={conversations.data ?? []} active={active} onPick={pick} starting={start.isPending} onNew={startNew} />
        <ChatPane
          turns={active ? (history.data ?? null) : null}
          placeholder={start.isPending ? de.companion.starting : conversations.isLoading || history.isLoading ? de.common.loading : ''}
          waiting={sendingHere}
          draft={sendingHere && draft?.conversationId === active ? draft.text : null}
          error={sendFailedHere ? errorMessage(send.error, de.companion.sendFailed) : null}
          needsCredits={sendFailedHere && errorCode(send.error) === 'insufficient_credits'}
          onSend={(content) => (active ? send.mutateAsync({ conversationId: active, content }) : Promise.reject(new Error('no conversation')))}
        />
      </div>
      <MemoryPanel />
    </section>
  );
}
