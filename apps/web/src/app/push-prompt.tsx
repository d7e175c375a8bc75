import { useEffect, useState } from 'react';
import { de } from '../i18n/de';
import { useWebPush } from '../lib/use-web-push';
import '../styles/match-dialog.css';

const OFFERED_KEY = 'funkeln.push-offered';

/** Offers Web Push once, in the first match dialog a member sees on this device (never on a first visit). */
export function PushPrompt({ name }: { name: string }) {
  const [firstOffer] = useState(() => localStorage.getItem(OFFERED_KEY) === null);
  const [answer, setAnswer] = useState<'none' | 'accepted' | 'declined'>('none');
  const push = useWebPush();
  const offered = firstOffer && push.state === 'off';

  useEffect(() => {
    if (offered) localStorage.setItem(OFFERED_KEY, '1');
  }, [offered]);

  if (answer === 'accepted' && (push.state === 'on' || push.state === 'denied')) {
    return (
      <p className="match-dialog__push" role="status">
        {push.state === 'on' ? de.push.on : de.push.denied}
      </p>
    );
  }
  if (!offered || answer === 'declined') return null;
  return (
    <div className="match-dialog__push" data-testid="push-prompt">
      <p>{de.push.promptText(name)}</p>
      <div className="match-dialog__push-actions">
        <button type="button" className="btn btn--secondary" disabled={push.busy} onClick={() => {
            setAnswer('accepted');
            void push.enable();
          }}>
          {de.push.promptAccept}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => setAnswer('declined')}>
          {de.push.promptDecline}
        </button>
      </div>
      {push.error ? <p role="alert">{push.error}</p> : null}
    </div>
  );
}
