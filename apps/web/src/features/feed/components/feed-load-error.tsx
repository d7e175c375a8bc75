import { Link } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorCode } from '../../../lib/api-error';
import { missingFeedStep, ONBOARDING_STEPS } from '../../../lib/onboarding-steps';
import { useOwnProfile } from '../../../lib/own-profile';

interface FeedLoadErrorProps {
  error: unknown;
  message: string;
  onRetry: () => void;
}

/**
 * Why the stack is empty: a profile that lacks what the feed needs links to that step of the
 * onboarding (issue 56, item 11), where 'Erneut versuchen' could never help; other failures retry.
 */
export function FeedLoadError({ error, message, onRetry }: FeedLoadErrorProps) {
  const code = errorCode(error);
  const unfinished = code === 'profile_incomplete' || code === 'no_place';
  const profile = useOwnProfile(unfinished);
  const step = missingFeedStep(profile.data) ?? `/onboarding#${ONBOARDING_STEPS.basics}`;
  return (
    <div className="deck-stack__state">
      <Notice tone={unfinished ? 'info' : 'error'}>{message}</Notice>
      {unfinished ? (
        <Link className="btn btn--primary btn--small" to={step} data-testid="feed-missing-step">
          {code === 'no_place' ? de.discover.setPlace : de.discover.finishProfile}
        </Link>
      ) : (
        <button type="button" className="btn btn--secondary btn--small" onClick={onRetry}>
          {de.common.retry}
        </button>
      )}
    </div>
  );
}
