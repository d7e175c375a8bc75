import type { MessageSafety as Safety } from '@funkeln/contracts/messages';
import { useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { sendReport } from '../../../lib/reports';

/**
 * Under a received message the screening flagged (docs/SAFETY.md): the safety hint (money, or
 * off-platform contact early on), and "Stört dich das?" with one tap to report it as harassment.
 */
export function MessageSafety({ messageId, safety }: { messageId: string; safety: Safety }) {
  const [state, setState] = useState<{ kind: 'idle' | 'sending' } | { kind: 'done' | 'failed'; text: string }>({ kind: 'idle' });
  const report = async () => {
    setState({ kind: 'sending' });
    try {
      setState({ kind: 'done', text: (await sendReport({ messageId }, { reason: 'harassment', details: '', goodFaith: false }, false)).message });
    } catch (failure) {
      setState({ kind: 'failed', text: errorMessage(failure, de.report.failed) });
    }
  };
  return (
    <div className="bubble__safety" data-testid="message-safety">
      {safety.hint ? (
        <p className="bubble__hint" data-testid="scam-hint">
          {de.messages.safety[safety.hint]}
        </p>
      ) : null}
      {safety.askIfBothered && state.kind !== 'done' ? (
        <p className="bubble__bother" data-testid="bother-prompt">
          <span>{de.messages.safety.bother}</span>{' '}
          <button type="button" className="link-subtle" disabled={state.kind === 'sending'} onClick={() => void report()}>
            {state.kind === 'sending' ? de.messages.safety.reporting : de.messages.safety.report}
          </button>
        </p>
      ) : null}
      {state.kind === 'done' ? <Notice tone="success">{state.text}</Notice> : null}
      {state.kind === 'failed' ? <Notice tone="error">{state.text}</Notice> : null}
    </div>
  );
}
