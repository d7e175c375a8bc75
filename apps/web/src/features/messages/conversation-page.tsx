import type { ChatMessage } from '@funkeln/contracts/messages';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Notice } from '../../components/ui/notice';
import { Spinner } from '../../components/ui/spinner';
import { de } from '../../i18n/de';
import { errorMessage } from '../../lib/api';
import { addToConversation, conversationQuery, refreshAfterMessage, threadOf } from './api';
import { MessageForm } from './components/message-form';
import { MessageThread } from './components/message-thread';
import { useLiveMessages } from './use-live-messages';
import { useMarkRead } from './use-mark-read';

/** /messages/:memberId: the history with one member, live, with a reply form. */
export function ConversationPage() {
  const { memberId = '' } = useParams();
  const queryClient = useQueryClient();
  const conversation = useInfiniteQuery(conversationQuery(memberId));
  const messages = useMemo(() => (conversation.data ? threadOf(conversation.data) : []), [conversation.data]);
  useMarkRead(memberId, messages);

  useLiveMessages((message: ChatMessage) => {
    if (message.senderId !== memberId && message.recipientId !== memberId) return;
    addToConversation(queryClient, memberId, message);
    // A reply pays out reserved credits: the thread's badges change too.
    void refreshAfterMessage(queryClient, memberId);
  });

  const member = conversation.data?.pages[0]?.member;
  return (
    <section className="page page--form conversation" aria-labelledby="conversation-title">
      <Link className="link-subtle conversation__back" to="/messages">
        {de.messages.back}
      </Link>
      {conversation.isPending ? <Spinner label={de.common.loading} /> : null}
      {conversation.isError ? <Notice tone="error">{errorMessage(conversation.error, de.messages.conversationFailed)}</Notice> : null}
      {member ? (
        <>
          <header className="conversation__header">
            <Link className="conversation__person" to={`/profile/${encodeURIComponent(member.id)}`} aria-label={de.messages.viewProfile(member.name)}>
              <Avatar name={member.name} src={member.thumbUrl} alt="" />
            </Link>
            <h1 className="conversation__title" id="conversation-title">
              {member.name}
            </h1>
          </header>
          <MessageThread
            memberId={member.id}
            memberName={member.name}
            messages={messages}
            hasOlder={conversation.hasNextPage}
            loadingOlder={conversation.isFetchingNextPage}
            onLoadOlder={() => void conversation.fetchNextPage()}
          />
          <section className="card conversation__reply" aria-labelledby="conversation-reply-title">
            <h2 className="visually-hidden" id="conversation-reply-title">
              {de.messages.replyTitle}
            </h2>
            <MessageForm key={member.id} recipientId={member.id} askRecipient={false} />
          </section>
        </>
      ) : null}
    </section>
  );
}
