import type { ComposeInfo } from '@funkeln/contracts/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { useClaimDailyReward } from '../api';

interface ComposeStatusProps {
  memberId: string;
  info: ComposeInfo;
}

/** Too few credits: said before typing, with one tap to /wallet and the daily reward where it is still open. */
function TooFewCredits({ memberId, info, cost }: ComposeStatusProps & { cost: number }) {
  const claim = useClaimDailyReward(memberId);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const run = () =>
    claim.mutate(undefined, {
      onSuccess: ({ amount }) => setResult({ tone: 'success', text: de.messages.dailyClaimed(amount) }),
      onError: (error) => setResult({ tone: 'error', text: errorMessage(error, de.messages.dailyFailed) }),
    });
  return (
    <div className="compose-status compose-status--short" data-testid="compose-short">
      <p className="compose-status__text">{de.messages.tooFewCredits(cost, info.balance)}</p>
      <div className="compose-status__actions">
        <Link className="btn btn--primary btn--small" to="/wallet">
          {de.messages.toWallet}
        </Link>
        {info.dailyRewardOpen ? (
          <button type="button" className="btn btn--secondary btn--small" disabled={claim.isPending} onClick={run}>
            {de.messages.claimDaily}
          </button>
        ) : null}
      </div>
      {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
    </div>
  );
}

/** What the next message costs (men) or how many replies are left today (women, when few are). */
export function ComposeStatus({ memberId, info }: ComposeStatusProps) {
  if (info.rule === 'pay' && info.costPerMessage !== null) {
    if (!info.canAfford) return <TooFewCredits memberId={memberId} info={info} cost={info.costPerMessage} />;
    return (
      <p className="compose-status muted" data-testid="compose-cost">
        {de.messages.cost(info.costPerMessage, info.balance)}
      </p>
    );
  }
  if (info.repliesLeftToday !== null) {
    return (
      <p className="compose-status muted" data-testid="compose-replies-left">
        {de.messages.repliesLeft(info.repliesLeftToday)}
      </p>
    );
  }
  return null;
}
