import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import { de } from '../../i18n/de';
import { useAdminSettings } from './api';
import { AdminOnly } from './components/admin-only';
import { AdminTabs } from './components/admin-tabs';
import { SettingsForm } from './components/settings-form';
import { TokenCleanup } from './components/token-cleanup';
import './admin.css';
import '../../styles/settings.css';

export function AdminSettingsPage() {
  return (
    <section className="page admin-page" aria-labelledby="admin-settings-title">
      <PageHeader titleId="admin-settings-title" title={de.admin.settingsTitle} lead={de.admin.settingsLead} />
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
  return (
    <QueryState query={settings} failed={de.admin.loadFailed}>
      {(data) => <SettingsForm settings={data} />}
    </QueryState>
  );
}
