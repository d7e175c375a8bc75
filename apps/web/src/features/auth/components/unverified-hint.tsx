import { useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { mailRequestNote } from '../../../lib/verification';
import { resendVerification } from '../api';

interface UnverifiedHintProps {
  /** The address typed into the login form above. */
  getEmail: () => string;
}

type ResendState = { kind: 'idle' | 'sending' } | { kind: 'done' | 'error'; message: string };

/** Shown after a 403 on login: explains the missing confirmation and offers a new link. */
export function UnverifiedHint({ getEmail }: UnverifiedHintProps) {
  const [state, setState] = useState<ResendState>({ kind: 'idle' });

  const resend = async () => {
    const email = getEmail().trim();
    if (!email) {
      setState({ kind: 'error', message: de.login.resendNeedsEmail });
      return;
    }
    setState({ kind: 'sending' });
    try {
      setState({ kind: 'done', message: mailRequestNote(await resendVerification(email), de.login.resendSent) });
    } catch (error) {
      setState({ kind: 'error', message: errorMessage(error, de.login.resendFailed) });
    }
  };

  return (
    <div className="hint-block" data-testid="unverified-hint">
      <p className="hint-block__text">{de.login.unverified}</p>
      <button type="button" className="btn btn--secondary btn--small" onClick={resend} disabled={state.kind === 'sending'}>
        {state.kind === 'sending' ? de.login.resending : de.login.resend}
      </button>
      {state.kind === 'done' ? <Notice tone="success">{state.message}</Notice> : null}
      {state.kind === 'error' ? <Notice tone="error">{state.message}</Notice> : null}
    </div>
  );
}
