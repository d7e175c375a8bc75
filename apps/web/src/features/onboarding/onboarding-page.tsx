import { Notice } from '../../components/ui/notice';
import { Spinner } from '../../components/ui/spinner';
import { de } from '../../i18n/de';
import { errorMessage } from '../../lib/api-error';
import { useOwnProfile } from './api';
import { ProfileForm } from './components/profile-form';

export function OnboardingPage() {
  const profile = useOwnProfile();
  return (
    <section className="page page--form onboarding" aria-labelledby="onboarding-title">
      <header className="page-header">
        <h1 id="onboarding-title">{de.onboarding.title}</h1>
        <p className="page-header__lead muted">{de.onboarding.lead}</p>
      </header>
      {profile.isPending ? <Spinner label={de.common.loading} /> : null}
      {profile.isError ? (
        <div className="load-error">
          <Notice tone="error">{errorMessage(profile.error, de.onboarding.loadFailed)}</Notice>
          <button type="button" className="btn btn--secondary btn--small" onClick={() => void profile.refetch()}>
            {de.onboarding.retry}
          </button>
        </div>
      ) : null}
      {profile.data ? (
        <>
          <Notice tone={profile.data.complete ? 'success' : 'info'} testId="profile-completeness">
            {profile.data.complete ? de.onboarding.complete : de.onboarding.incomplete}
          </Notice>
          <ProfileForm profile={profile.data} />
        </>
      ) : null}
    </section>
  );
}
