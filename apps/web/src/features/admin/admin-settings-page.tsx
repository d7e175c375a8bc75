import { de } from '../../i18n/de';
import { useAdminSettings } from './api';
import { AdminOnly } from './components/admin-only';
import { AdminTabs } from './components/admin-tabs';
import { LoadState } from './components/load-state';
import { SettingsForm } from './components/settings-form';
import { TokenCleanup } from './components/token-cleanup';

export function AdminSettingsPage() {
  return (
    <section className="page admin-page" aria-labelledby="admin-settings-title">
      <header className="page-header">
        <h1 id="admin-settings-title">{de.admin.settingsTitle}</h1>
        <p className="page-header__lead muted">{de.admin.settingsLead}</p>
      </header>
      <AdminOnly>
        <AdminTabs />
        <Settings />
        <TokenCleanup />
      </AdminOnly>
    </section>
  );
}

function Settings() {
  const settings = useAdminSettings();
  return settings.data ? <SettingsForm settings={settings.data} /> : <LoadState query={settings} />;
}
