import { MESSAGE_MAX, recipientParams, sendMessageBody } from '@funkeln/contracts/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Notice } from '../../../components/ui/notice';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { useSendMessage } from '../api';
import { useDraftClientId } from '../use-draft-client-id';
import { NudgeDialog, useNudge } from './nudge-dialog';
import { PrepaidField } from './prepaid-field';

const messageFields = sendMessageBody
  .pick({ body: true, prepaidReply: true })
  .extend({ recipientId: recipientParams.shape.recipientId });
type FormInput = z.input<typeof messageFields>;
type FormOutput = z.output<typeof messageFields>;

type Outcome = { kind: 'error'; text: string } | { kind: 'sent'; credits: number; recipientId: string };

/**
 * The spec's new-message form: 'Empfänger-ID', 'Nachricht', 'Vorbezahlte Antwort (Credits)' and
 * 'Senden'; failures show the server's German message, a send the balance left and a link to the conversation.
 */
export function MessageForm({ recipientId }: { recipientId: string }) {
  const send = useSendMessage();
  const clientIds = useDraftClientId();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const nudge = useNudge();
  const { register, handleSubmit, formState, control, reset, setFocus } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(messageFields),
    defaultValues: { recipientId, body: '', prepaidReply: 0 },
  });
  const { errors, isSubmitting } = formState;
  const body = useWatch({ control, name: 'body' });

  /** `confirmed`: after "Bist du sicher?", the member sends anyway. */
  const onSubmit = async (values: FormOutput, confirmed = false) => {
    setOutcome(null);
    const clientId = clientIds.forDraft(JSON.stringify([values.recipientId, values.body, values.prepaidReply]));
    try {
      const result = await send.mutateAsync({ ...values, clientId, confirmed });
      clientIds.delivered();
      reset({ recipientId: values.recipientId, body: '', prepaidReply: 0 });
      setOutcome({ kind: 'sent', credits: result.credits, recipientId: values.recipientId });
    } catch (failure) {
      if (nudge.caught(failure)) return;
      setOutcome({ kind: 'error', text: errorMessage(failure, de.messages.sendFailed) });
    }
  };

  return (
    <form className="form message-form" onSubmit={handleSubmit((values) => onSubmit(values))} noValidate data-testid="message-form">
      <TextField
        label={de.messages.recipientId}
        hint={de.messages.recipientHint}
        autoComplete="off"
        spellCheck={false}
        error={errors.recipientId?.message}
        {...register('recipientId')}
      />
      <TextAreaField
        label={de.messages.body}
        placeholder={de.messages.bodyPlaceholder}
        rows={3}
        maxLength={MESSAGE_MAX}
        count={body.length}
        error={errors.body?.message}
        {...register('body')}
      />
      <PrepaidField error={errors.prepaidReply?.message} {...register('prepaidReply', { valueAsNumber: true })} />
      {outcome?.kind === 'error' ? <Notice tone="error">{outcome.text}</Notice> : null}
      <button type="submit" className="btn btn--primary message-form__send" disabled={isSubmitting}>
        {isSubmitting ? de.messages.sending : de.messages.send}
      </button>
      {outcome?.kind === 'sent' ? (
        <p className="notice notice--success message-form__sent" role="status" data-testid="message-sent">
          <span>{de.messages.sent(outcome.credits)}</span>
          <Link to={`/messages/${encodeURIComponent(outcome.recipientId)}`}>{de.messages.toConversation}</Link>
        </p>
      ) : null}
      <NudgeDialog
        reason={nudge.reason}
        onEdit={() => {
          nudge.close();
          setFocus('body');
        }}
        onSendAnyway={() => {
          nudge.close();
          void handleSubmit((values) => onSubmit(values, true))();
        }}
      />
    </form>
  );
}
