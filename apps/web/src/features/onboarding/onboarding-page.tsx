import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import { de } from '../../i18n/de';
import { useContestEntries } from '../../lib/contest-entries';
import { useCurrentUser } from '../../lib/current-user';
import { useOwnProfile } from '../../lib/own-profile';
import { OnboardingProgress } from './components/onboarding-progress';
import { ProfileForm } from './components/profile-form';
import { Top10Step } from './components/top10-step';
import { useTop10Skip } from './use-top10-skip';
import './onboarding.css';

export function OnboardingPage() {
  const profile = useOwnProfile();
  const me = useCurrentUser();
  const entered = (useContestEntries().data?.categories.length ?? 0) > 0;
  const top10 = useTop10Skip(me?.id);
  return (
    <section className="page page--form onboarding" aria-labelledby="onboarding-title">
      <PageHeader titleId="onboarding-title" title={de.onboarding.title} lead={de.onboarding.lead} />
      <QueryState query={profile} failed={de.onboarding.loadFailed}>
        {(data) => (
          <>
            <OnboardingProgress profile={data} top10Done={entered || top10.skipped} />
            <Notice tone={data.complete ? 'success' : 'info'} testId="profile-completeness">
              {data.complete ? de.onboarding.complete : de.onboarding.incomplete}
            </Notice>
            <ProfileForm profile={data} />
            <Top10Step entered={entered} skipped={top10.skipped} onSkip={top10.skip} onUndo={top10.undo} />
          </>
        )}
      </QueryState>
    </section>
  );
}
