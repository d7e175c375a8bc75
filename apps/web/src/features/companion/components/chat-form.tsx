import { COMPANION_CONTENT_MAX, companionMessageBody } from '@funkeln/contracts/companion';
import { zodResolver } from '@hookform/resolvers/zod';
import type { KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { de } from '../../../i18n/de';

type FormInput = z.input<typeof companionMessageBody>;
type FormOutput = z.output<typeof companionMessageBody>;

interface Props {
  /** No conversation yet, or a reply is still on its way. */
  disabled: boolean;
  /** Rejects when the send failed; the text then comes back into the field. */
  onSend: (content: string) => Promise<unknown>;
}

/** Enter sends, Shift+Enter breaks the line (not while an input method is composing). */
function sendOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
}

export function ChatForm({ disabled, onSend }: Props) {
  const { register, handleSubmit, reset, getValues, control, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(companionMessageBody),
    defaultValues: { content: '' },
  });
  const content = useWatch({ control, name: 'content' });
  const busy = disabled || formState.isSubmitting;

  const onSubmit = async (values: FormOutput) => {
    if (busy) return;
    reset({ content: '' });
    try {
      await onSend(values.content);
    } catch {
      if (!getValues('content')) reset({ content: values.content });
    }
  };

  return (
    <form className="companion-chat__form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextAreaField
        label={de.companion.input}
        placeholder={de.companion.inputPlaceholder}
        rows={2}
        maxLength={COMPANION_CONTENT_MAX}
        count={content.length}
        error={formState.errors.content?.message}
        onKeyDown={sendOnEnter}
        {...register('content')}
      />
      <button type="submit" className="btn btn--primary" disabled={busy || !content.trim()}>
        {de.companion.send}
      </button>
    </form>
  );
}
