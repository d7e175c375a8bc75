import type { ChatMessage } from '@funkeln/contracts/messages';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { QueryState } from '../../components/ui/query-state';
import { de } from '../../i18n/de';
import { useCurrentUser } from '../../lib/current-user';
import { addToConversation, conversationQuery, refreshAfterMessage, threadOf } from './api';
import { Composer } from './components/composer';
import { ConversationsPanel } from './components/conversations-panel';
import { DateShareButton } from './components/date-share-button';
import { MessageThread } from './components/message-thread';
import { useLiveReads, useMemberTyping } from './use-conversation-signals';
import { useLiveMessages } from './use-live-messages';
import { useMarkRead } from './use-mark-read';
import './messages.css';
import './chat.css';

/** /messages/:memberId: the history with one member, live, with the composer; on wide screens beside the list. */
export function ConversationPage() {
  const { memberId = '' } = useParams();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const conversation = useInfiniteQuery(conversationQuery(memberId));
  const messages = useMemo(() => (conversation.data ? threadOf(conversation.data) : []), [conversation.data]);
  const typing = useMemberTyping(memberId);
  useMarkRead(memberId, messages);
  useLiveReads(memberId);

  useLiveMessages((message: ChatMessage) => {
    if (message.senderId !== memberId && message.recipientId !== memberId) return;
    if (message.senderId === memberId) typing.stop();
    addToConversation(queryClient, memberId, message);
    // A reply pays out reserved credits: the thread's badges change too.
    void refreshAfterMessage(queryClient, memberId);
  });

  const member = conversation.data?.pages[0]?.member;
  return (
    <div className="page conversation-layout">
      <aside className="conversation-layout__list" aria-label={de.messages.conversationsTitle}>
        <ConversationsPanel activeId={memberId} />
      </aside>
      <section className="conversation" aria-labelledby="conversation-title">
        <Link className="link-subtle conversation__back" to="/messages">
          {de.messages.back}
        </Link>
        <QueryState query={conversation} failed={de.messages.conversationFailed}>
          {() =>
            member ? (
              <>
                <header className="conversation__header">
                  <Link className="conversation__person" to={`/profile/${encodeURIComponent(member.id)}`} aria-label={de.messages.viewProfile(member.name)}>
                    <Avatar name={member.name} src={member.thumbUrl} alt="" />
                  </Link>
                  <h1 className="conversation__title" id="conversation-title">
                    {member.name}
                  </h1>
                  <DateShareButton memberId={member.id} memberName={member.name} />
                </header>
                <MessageThread
                  memberId={member.id}
                  memberName={member.name}
                  messages={messages}
                  typing={typing.typing}
                  hasOlder={conversation.hasNextPage}
                  loadingOlder={conversation.isFetchingNextPage}
                  onLoadOlder={() => void conversation.fetchNextPage()}
                />
                {me ? <Composer key={`${me.id}:${member.id}`} ownerId={me.id} memberId={member.id} /> : null}
              </>
            ) : null
          }
        </QueryState>
      </section>
    </div>
  );
}
