import { de } from '../../i18n/de';
import { AdminOnly } from './components/admin-only';
import { AdminTabs } from './components/admin-tabs';
import { AuditLog } from './components/audit-log';
import { PendingPhotos } from './components/pending-photos';
import { ReportList } from './components/report-list';

export function AdminModerationPage() {
  return (
    <section className="page admin-page" aria-labelledby="admin-moderation-title">
      <header className="page-header">
        <h1 id="admin-moderation-title">{de.admin.moderationTitle}</h1>
        <p className="page-header__lead muted">{de.admin.moderationLead}</p>
      </header>
      <AdminOnly>
        <AdminTabs />
        <PendingPhotos />
        <ReportList />
        <AuditLog />
      </AdminOnly>
    </section>
  );
}
