import type { CompanionTurn } from '@funkeln/contracts/companion';
import { useState, type FormEvent } from 'react';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';

interface Props {
  turns: CompanionTurn[];
  waiting: boolean;
  error: string | null;
  onSend: (content: string) => void;
}

export function ChatPane({ turns, waiting, error, onSend }: Props) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || waiting) return;
    onSend(content);
    setText('');
  };
  return (
    <div className="df-chat">
      <ol className="df-chat__turns" aria-live="polite">
        {turns.map((t, i) => (
          <li key={`${t.created_at}-${i}`} className={`df-turn df-turn--${t.role}`} data-testid={`df-${t.role}`}>
            <span className="visually-hidden">{t.role === 'user' ? de.companion.you : de.companion.friend}: </span>
            {t.content}
          </li>
        ))}
        {waiting ? <li className="df-turn df-turn--assistant muted">{de.companion.typing}</li> : null}
      </ol>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <form className="df-chat__form" onSubmit={submit}>
        <label className="visually-hidden" htmlFor="df-input">
          {de.companion.input}
        </label>
        <textarea id="df-input" value={text} maxLength={4000} rows={2} placeholder={de.companion.input} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="btn btn--primary" disabled={waiting || !text.trim()}>
          {de.companion.send}
        </button>
      </form>
    </div>
  );
}
