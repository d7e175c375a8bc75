import type { ComposeInfo } from '@funkeln/contracts/messages';
import type { RewardType } from '@funkeln/contracts/wallet';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import * as queryKeys from '../../../lib/query-keys';
import { useClaimReward } from '../api';

interface ComposeStatusProps {
  memberId: string;
  info: ComposeInfo;
}

/**
 * Too few credits: said before typing, with one tap to /wallet and every reward he can claim right
 * here, so a first message to a first match never needs to leave the chat.
 */
function TooFewCredits({ memberId, info, cost }: ComposeStatusProps & { cost: number }) {
  const claim = useClaimReward(memberId);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const run = (type: RewardType) =>
    claim.mutate(type, {
      onSuccess: ({ amount }) => setResult({ tone: 'success', text: de.messages.rewardClaimed(amount) }),
      onError: (error) => setResult({ tone: 'error', text: errorMessage(error, de.messages.rewardFailed) }),
    });
  return (
    <div className="compose-status compose-status--short" data-testid="compose-short">
      <p className="compose-status__text">{de.messages.tooFewCredits(cost, info.balance)}</p>
      {info.openRewards.length > 0 ? <p className="compose-status__text">{de.messages.freeCreditsHere}</p> : null}
      <div className="compose-status__actions">
        {info.openRewards.map((reward) => (
          <button key={reward.type} type="button" className="btn btn--primary btn--small" disabled={claim.isPending} onClick={() => run(reward.type)}>
            {de.messages.claimReward[reward.type](reward.amount)}
          </button>
        ))}
        <Link className={`btn btn--small ${info.openRewards.length > 0 ? 'btn--secondary' : 'btn--primary'}`} to="/wallet">
          {de.messages.toWallet}
        </Link>
      </div>
      {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
    </div>
  );
}

/** No replies left today: the composer is closed with the reason, and opens again by itself at Berlin midnight. */
function RepliesUsedUp({ memberId, info, perDay }: ComposeStatusProps & { perDay: number }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (info.repliesReopenAt === null) return undefined;
    const wait = Math.max(Date.parse(info.repliesReopenAt) - Date.now(), 0) + 1000;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.messages.compose(memberId) }), wait);
    return () => clearTimeout(timer);
  }, [info.repliesReopenAt, memberId, queryClient]);
  return (
    <p className="compose-status compose-status--short" data-testid="compose-replies-used-up">
      {de.messages.repliesUsedUp(perDay)}
    </p>
  );
}

/** The composer can take no message now: a man short of credits, or a woman with no replies left today. */
export function composerClosed(info: ComposeInfo | undefined): boolean {
  return info !== undefined && ((info.rule === 'pay' && !info.canAfford) || info.repliesLeftToday === 0);
}

/** What the next message costs (men) or how many of the day's replies are left (women, for a reply). */
export function ComposeStatus({ memberId, info }: ComposeStatusProps) {
  if (info.rule === 'pay' && info.costPerMessage !== null) {
    if (!info.canAfford) return <TooFewCredits memberId={memberId} info={info} cost={info.costPerMessage} />;
    return (
      <p className="compose-status muted" data-testid="compose-cost">
        {de.messages.cost(info.costPerMessage, info.balance)}
      </p>
    );
  }
  if (info.repliesLeftToday !== null && info.repliesPerDay !== null) {
    if (info.repliesLeftToday === 0) return <RepliesUsedUp memberId={memberId} info={info} perDay={info.repliesPerDay} />;
    return (
      <p className="compose-status muted" data-testid="compose-replies-left">
        {de.messages.repliesLeft(info.repliesLeftToday, info.repliesPerDay)}
      </p>
    );
  }
  return null;
}
