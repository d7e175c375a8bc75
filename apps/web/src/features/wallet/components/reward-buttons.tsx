import type { RewardStatus, RewardType } from '@funkeln/contracts/wallet';
import { useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/current-user';
import { useClaimReward } from '../api';
import type { Outcome } from '../outcome';
import { VerifyForRewards } from './verify-for-rewards';

/** Why a reward cannot be claimed now, in the member's words; null when it can. */
function stateText(reward: RewardStatus, confirmed: boolean): string | null {
  if (reward.state === 'open') return null;
  if (reward.state === 'claimed') return reward.nextAt === null ? de.wallet.rewardClaimedOnce : de.wallet.rewardClaimedToday;
  // The daily bonus waits for nothing but the confirmed address.
  return !confirmed || reward.type === 'login' ? de.wallet.rewardNeedsAddress : de.wallet.rewardWaiting[reward.type];
}

/**
 * 'Daily Login', 'Upload Reward', 'Vote Reward' (the spec's labels), each with what it pays and
 * when. One that cannot pay now is shown as such (claimed today, waiting for a photo or a vote, the
 * address unconfirmed) instead of refusing after a click; a claim's outcome in the server's words.
 */
export function RewardButtons({ rewards }: { rewards: RewardStatus[] }) {
  const claim = useClaimReward();
  const confirmed = useCurrentUser()?.email_verified === true;
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
      <ul className="reward-list">
        {rewards.map((reward) => {
          const why = stateText(reward, confirmed);
          const descriptionId = `reward-${reward.type}-about`;
          return (
            <li key={reward.type} className="reward-item" data-testid={`reward-${reward.type}`}>
              <button
                type="button"
                className="btn btn--secondary"
                disabled={claim.isPending || why !== null}
                aria-describedby={descriptionId}
                onClick={() => run(reward.type)}
              >
                {de.wallet.rewards[reward.type]}
              </button>
              <p className="muted reward-item__about" id={descriptionId}>
                {de.wallet.rewardAbout[reward.type](reward.amount)}
                {why ? <span className="reward-item__state"> {why}</span> : null}
              </p>
            </li>
          );
        })}
      </ul>
      {outcome ? (
        <Notice tone={outcome.tone} testId="reward-result">
          {outcome.text}
        </Notice>
      ) : null}
    </section>
  );
}
