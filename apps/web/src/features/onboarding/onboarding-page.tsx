import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import { de } from '../../i18n/de';
import { useOwnProfile } from './api';
import { OnboardingProgress } from './components/onboarding-progress';
import { ProfileForm } from './components/profile-form';
import './onboarding.css';

export function OnboardingPage() {
  const profile = useOwnProfile();
  return (
    <section className="page page--form onboarding" aria-labelledby="onboarding-title">
      <PageHeader titleId="onboarding-title" title={de.onboarding.title} lead={de.onboarding.lead} />
      <QueryState query={profile} failed={de.onboarding.loadFailed}>
        {(data) => (
          <>
            <OnboardingProgress profile={data} />
            <Notice tone={data.complete ? 'success' : 'info'} testId="profile-completeness">
              {data.complete ? de.onboarding.complete : de.onboarding.incomplete}
            </Notice>
            <ProfileForm profile={data} />
          </>
        )}
      </QueryState>
    </section>
  );
}
