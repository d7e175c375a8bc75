import { PageHeader } from '../../components/ui/page-header';
import { de } from '../../i18n/de';
import { AdminOnly } from './components/admin-only';
import { AdminTabs } from './components/admin-tabs';
import { AuditLog } from './components/audit-log';
import { ObjectionQueue } from './components/objection-queue';
import { PatternFlags } from './components/pattern-flags';
import { DuplicatePhotos } from './components/duplicate-photos';
import { PendingPhotos } from './components/pending-photos';
import { PendingVerifications } from './components/pending-verifications';
import { ReportList } from './components/report-list';
import './admin.css';
import '../../styles/settings.css';

export function AdminModerationPage() {
  return (
    <section className="page admin-page" aria-labelledby="admin-moderation-title">
      <PageHeader titleId="admin-moderation-title" title={de.admin.moderationTitle} lead={de.admin.moderationLead} />
      <AdminOnly>
        <AdminTabs />
        <PendingPhotos />
        <PendingVerifications />
        <DuplicatePhotos />
        <ReportList />
        <ObjectionQueue />
        <PatternFlags />
        <AuditLog />
      </AdminOnly>
    </section>
  );
}
