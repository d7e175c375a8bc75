import { useState } from 'react';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/current-user';
import { mailRequestNote } from '../../../lib/verification';
import { startVerification } from '../api';

type SendState = { kind: 'idle' | 'sending' } | { kind: 'done' | 'error'; message: string };

/** Under the top bar while the signed-in member's address is unconfirmed. */
export function VerifyBanner() {
  const user = useCurrentUser();
  const [state, setState] = useState<SendState>({ kind: 'idle' });
  if (!user || user.email_verified) return null;

  const send = async () => {
    setState({ kind: 'sending' });
    try {
      setState({ kind: 'done', message: mailRequestNote(await startVerification(), de.banner.sent) });
    } catch (error) {
      setState({ kind: 'error', message: errorMessage(error, de.banner.failed) });
    }
  };

  return (
    <section className="verify-banner" data-testid="verify-banner" aria-label={de.banner.region}>
      <div className="verify-banner__inner">
        <svg className="verify-banner__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 6h16v12H4z M4 7l8 6 8-6" />
        </svg>
        <p className="verify-banner__text">{de.banner.text}</p>
        <button type="button" className="btn btn--small btn--on-banner" onClick={send} disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? de.banner.sending : de.banner.resend}
        </button>
        <p
          className={`verify-banner__status verify-banner__status--${state.kind}`}
          role="status"
          aria-live="polite"
          data-testid="verify-banner-status"
        >
          {state.kind === 'done' || state.kind === 'error' ? state.message : ''}
        </p>
      </div>
    </section>
  );
}
