import { MESSAGE_MAX, sendMessageBody } from '@funkeln/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorCode, errorMessage, isTransient } from '../../../lib/api-error';
import { composeQuery, useSendMessage } from '../api';
import { isSendKey } from '../send-key';
import { useTypingSignal } from '../use-conversation-signals';
import { useDraft } from '../use-draft';
import { useDraftClientId } from '../use-draft-client-id';
import { ComposeStatus, composerClosed } from './compose-status';
import { NudgeDialog, useNudge } from './nudge-dialog';
import { PrepaidField } from './prepaid-field';

/**
 * The reply bar of a conversation: Enter sends, Shift+Enter (or an IME still composing) does not;
 * the draft survives a reload; a failed send is retried with the same clientId, so it is stored
 * once. The prepaid reply sits behind '+' where the server offers it (a man writing first).
 */
export function Composer({ ownerId, memberId }: { ownerId: string; memberId: string }) {
  const compose = useQuery(composeQuery(memberId));
  const [draft, setDraft] = useDraft(ownerId, memberId);
  const [prepaid, setPrepaid] = useState('');
  const [prepaidOpen, setPrepaidOpen] = useState(false);
  const [error, setError] = useState<{ text: string; retry: boolean } | null>(null);
  const send = useSendMessage();
  const clientIds = useDraftClientId();
  const signalTyping = useTypingSignal(memberId);
  const bodyId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const nudge = useNudge();
  const info = compose.data;
  const blocked = composerClosed(info);
  const offerPrepaid = info?.prepaidReplyAvailable === true;

  /** `confirmed`: after "Bist du sicher?", the member sends anyway. */
  const submit = async (confirmed = false) => {
    if (send.isPending || blocked || draft.trim() === '') return;
    const parsed = sendMessageBody.safeParse({ body: draft, prepaidReply: offerPrepaid && prepaid !== '' ? Number(prepaid) : 0 });
    if (!parsed.success) {
      setError({ text: parsed.error.issues[0]?.message ?? de.messages.sendFailed, retry: false });
      return;
    }
    const { body, prepaidReply } = parsed.data;
    setError(null);
    try {
      await send.mutateAsync({ recipientId: memberId, body, prepaidReply, clientId: clientIds.forDraft(JSON.stringify([body, prepaidReply])), confirmed });
      clientIds.delivered();
      setDraft('');
      setPrepaid('');
      setPrepaidOpen(false);
    } catch (failure) {
      if (nudge.caught(failure)) return;
      // "Erneut senden" only where sending again can succeed (the connection, the server, a rate limit), never after a refusal.
      setError({ text: errorMessage(failure, de.messages.sendFailed), retry: isTransient(failure) || errorCode(failure) === 'rate_limited' });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form
      className="composer"
      data-testid="composer"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {info ? <ComposeStatus memberId={memberId} info={info} /> : null}
      {offerPrepaid && prepaidOpen ? (
        <PrepaidField value={prepaid} onChange={(event) => setPrepaid(event.target.value)} />
      ) : null}
      {error ? <Notice tone="error">{error.text}</Notice> : null}
      <div className="composer__row">
        {offerPrepaid ? (
          <button
            type="button"
            className="icon-btn composer__more"
            aria-label={de.messages.addPrepaid}
            aria-expanded={prepaidOpen}
            onClick={() => setPrepaidOpen((open) => !open)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M12 5v14M5 12h14" />
            </svg>
          </button>
        ) : null}
        <label className="visually-hidden" htmlFor={bodyId}>
          {de.messages.body}
        </label>
        <textarea
          ref={input}
          id={bodyId}
          className="field__input composer__input"
          rows={1}
          maxLength={MESSAGE_MAX}
          placeholder={de.messages.bodyPlaceholder}
          title={de.messages.enterHint}
          value={draft}
          disabled={blocked}
          readOnly={send.isPending}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            setDraft(event.target.value);
            if (event.target.value.trim()) signalTyping();
          }}
        />
        <button type="submit" className="btn btn--primary composer__send" disabled={send.isPending || blocked}>
          {send.isPending ? de.messages.sending : error?.retry ? de.messages.retry : de.messages.send}
        </button>
      </div>
      <NudgeDialog
        reason={nudge.reason}
        onEdit={() => {
          nudge.close();
          input.current?.focus();
        }}
        onSendAnyway={() => {
          nudge.close();
          void submit(true);
        }}
      />
    </form>
  );
}
