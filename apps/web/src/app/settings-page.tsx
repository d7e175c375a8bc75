import { Link } from 'react-router';
import { PageHeader } from '../components/ui/page-header';
import { logoutEverywhere } from '../features/account/api';
import { BlockedSection } from '../features/account/components/blocked-section';
import { PasswordForm } from '../features/account/components/password-form';
import { PreferencesSection } from '../features/account/components/preferences-section';
import { PushSection } from '../features/account/components/push-section';
import { ConsentSection } from '../features/privacy/components/consent-section';
import { DataSection } from '../features/privacy/components/data-section';
import { DeleteAccountForm } from '../features/privacy/components/delete-account-form';
import { MyReportsSection } from '../features/safety/components/my-reports-section';
import { de } from '../i18n/de';
import '../styles/settings.css';

/** Settings compose the member's account (account/), their data (privacy/) and their reports (safety/). */
export function SettingsPage() {
  return (
    <section className="page page--narrow settings-page" aria-labelledby="settings-title">
      <PageHeader titleId="settings-title" title={de.settings.title} lead={de.settings.lead} />
      <PreferencesSection />
      <PushSection />
      <BlockedSection />
      <MyReportsSection />
      <ConsentSection />
      <p className="settings-section">
        <Link to="/verification" className="btn btn--secondary">
          {de.photoVerification.settingsLink}
        </Link>
      </p>
      <p className="settings-section">
        <Link to="/entscheidungen" className="btn btn--secondary">
          {de.decisions.settingsLink}
        </Link>
      </p>
      <PasswordForm />
      <DataSection logoutEverywhere={logoutEverywhere} />
      <DeleteAccountForm />
    </section>
  );
}
