import { PageHeader } from '../../components/ui/page-header';
import { de } from '../../i18n/de';
import { ConsentSection } from './components/consent-section';
import { DataSection } from './components/data-section';
import { DeleteAccountForm } from './components/delete-account-form';
import { PasswordForm } from './components/password-form';
import { PreferencesSection } from './components/preferences-section';
import { PushSection } from './components/push-section';
import '../../styles/settings.css';

export function SettingsPage() {
  return (
    <section className="page page--narrow settings-page" aria-labelledby="settings-title">
      <PageHeader titleId="settings-title" title={de.settings.title} lead={de.settings.lead} />
      <PreferencesSection />
      <PushSection />
      <ConsentSection />
      <PasswordForm />
      <DataSection />
      <DeleteAccountForm />
    </section>
  );
}
