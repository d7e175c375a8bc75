import { OBJECTION_TEXT_MAX } from '@funkeln/contracts/decisions';
import { useState, type FormEvent } from 'react';
import { Notice } from '../../../components/ui/notice';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';

interface ObjectionFormProps {
  pending: boolean;
  error: unknown;
  onSubmit: (text: string) => void;
}

/** The objection (Widerspruch): the member's reasons, up to OBJECTION_TEXT_MAX characters. */
export function ObjectionForm({ pending, error, onSubmit }: ObjectionFormProps) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) onSubmit(text);
  };
  return (
    <form className="objection-form" onSubmit={submit}>
      <p className="muted">{de.decisions.objectionHint}</p>
      <TextAreaField label={de.decisions.objectionLabel} maxLength={OBJECTION_TEXT_MAX} count={text.length} rows={5} required value={text} onChange={(e) => setText(e.target.value)} />
      {error ? <Notice tone="error">{errorMessage(error, de.decisions.failed)}</Notice> : null}
      <button type="submit" className="btn btn--primary" disabled={pending || !text.trim()}>
        {pending ? de.decisions.sending : de.decisions.submit}
      </button>
    </form>
  );
}
