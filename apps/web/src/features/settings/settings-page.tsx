import { de } from '../../i18n/de';
import { ConsentSection } from './components/consent-section';
import { DataSection } from './components/data-section';
import { DeleteAccountForm } from './components/delete-account-form';
import { PasswordForm } from './components/password-form';
import { PreferencesSection } from './components/preferences-section';
import { PushSection } from './components/push-section';

export function SettingsPage() {
  return (
    <section className="page page--narrow settings-page" aria-labelledby="settings-title">
      <header className="page-header">
        <h1 id="settings-title">{de.settings.title}</h1>
        <p className="page-header__lead muted">{de.settings.lead}</p>
      </header>
      <PreferencesSection />
      <PushSection />
      <ConsentSection />
      <PasswordForm />
      <DataSection />
      <DeleteAccountForm />
    </section>
  );
}
