import { useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/current-user';
import { mailRequestNote, startVerification } from '../../../lib/verification';
import type { Outcome } from '../outcome';

/** Rewards need a confirmed address (docs/CREDITS.md): says so to an unverified member and sends the link again. */
export function VerifyForRewards() {
  const user = useCurrentUser();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (!user || user.email_verified) return null;

  const send = async () => {
    setSending(true);
    try {
      setOutcome({ tone: 'success', text: mailRequestNote(await startVerification(), de.wallet.verifySent) });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, de.wallet.verifyFailed) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="wallet-verify" data-testid="rewards-need-verification">
      <Notice tone="info">{de.wallet.rewardsNeedVerification}</Notice>
      <button type="button" className="btn btn--secondary btn--small" onClick={send} disabled={sending}>
        {sending ? de.wallet.verifySending : de.wallet.verifySend}
      </button>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
    </div>
  );
}
