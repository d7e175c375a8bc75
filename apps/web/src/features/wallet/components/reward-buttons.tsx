import { rewardTypes, type RewardType } from '@funkeln/contracts/wallet';
import { useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { useClaimReward } from '../api';
import type { Outcome } from '../outcome';
import { VerifyForRewards } from './verify-for-rewards';

/** 'Daily Login', 'Upload Reward', 'Vote Reward': the amount won, or why not (the server's words). */
export function RewardButtons() {
  const claim = useClaimReward();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = (type: RewardType) => {
    setOutcome(null);
    claim.mutate(type, {
      onSuccess: ({ amount }) => setOutcome({ tone: 'success', text: de.wallet.rewardWon(amount) }),
      onError: (error) => setOutcome({ tone: 'error', text: errorMessage(error, de.wallet.rewardFailed) }),
    });
  };

  return (
    <section className="card wallet-section" aria-labelledby="wallet-rewards-title">
      <h2 className="wallet-section__title" id="wallet-rewards-title">
        {de.wallet.rewardsTitle}
      </h2>
      <p className="muted wallet-section__lead">{de.wallet.rewardsLead}</p>
      <VerifyForRewards />
      <div className="reward-buttons">
        {rewardTypes.map((type) => (
          <button key={type} type="button" className="btn btn--secondary" disabled={claim.isPending} onClick={() => run(type)}>
            {de.wallet.rewards[type]}
          </button>
        ))}
      </div>
      {outcome ? (
        <Notice tone={outcome.tone} testId="reward-result">
          {outcome.text}
        </Notice>
      ) : null}
    </section>
  );
}
