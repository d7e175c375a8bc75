import { de } from '../../i18n/de';
import { ConsentSection } from './components/consent-section';
import { DataSection } from './components/data-section';
import { PasswordForm } from './components/password-form';
import { PreferencesForm } from './components/preferences-form';

export function SettingsPage() {
  return (
    <section className="page settings-page" aria-labelledby="settings-title">
      <h1 id="settings-title">{de.settings.title}</h1>
      <PreferencesForm />
      <ConsentSection />
      <PasswordForm />
      <DataSection />
    </section>
  );
}
