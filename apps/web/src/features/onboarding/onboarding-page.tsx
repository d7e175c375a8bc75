import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import { de } from '../../i18n/de';
import { useContestEntries } from '../../lib/contest-entries';
import { useCurrentUser } from '../../lib/current-user';
import { useOwnProfile } from '../../lib/own-profile';
import { OnboardingProgress } from './components/onboarding-progress';
import { ProfileForm } from './components/profile-form';
import { ContestStep } from './components/contest-step';
import { useContestSkip } from './use-contest-skip';
import './onboarding.css';

/** A link to one step (/onboarding#eckdaten, from Entdecken) scrolls to it once the form is there. */
function useScrollToStep(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [ready, hash]);
}

export function OnboardingPage() {
  const profile = useOwnProfile();
  useScrollToStep(profile.isSuccess);
  const me = useCurrentUser();
  const entered = (useContestEntries().data?.categories.length ?? 0) > 0;
  const contest = useContestSkip(me?.id);
  return (
    <section className="page page--form onboarding" aria-labelledby="onboarding-title">
      <PageHeader titleId="onboarding-title" title={de.onboarding.title} lead={de.onboarding.lead} />
      <QueryState query={profile} failed={de.onboarding.loadFailed}>
        {(data) => (
          <>
            <OnboardingProgress profile={data} contestDone={entered || contest.skipped} />
            <Notice tone={data.complete ? 'success' : 'info'} testId="profile-completeness">
              {data.complete ? de.onboarding.complete : de.onboarding.incomplete}
            </Notice>
            <ProfileForm profile={data} />
            <ContestStep entered={entered} skipped={contest.skipped} onSkip={contest.skip} onUndo={contest.undo} />
            {data.complete ? (
              <Link className="btn btn--primary btn--block onboarding__next" to="/discover">
                {de.onboarding.toDiscover}
              </Link>
            ) : null}
          </>
        )}
      </QueryState>
    </section>
  );
}
