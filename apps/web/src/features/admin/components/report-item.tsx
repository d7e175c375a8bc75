import type { AdminReport } from '@funkeln/contracts/admin';
import type { HouseRuleId } from '@funkeln/contracts/decisions';
import { type ReportReason, reportReasons } from '@funkeln/contracts/safety';
import { useState } from 'react';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { de } from '../../../i18n/de';
import { formatShortDateTime } from '../../../lib/format-time';
import type { ModerationAction } from '../api';
import { ReportEvidenceList } from './report-evidence-list';
import { ReportedPhoto } from './reported-photo';
import { RuleSelect } from './rule-select';
import '../../../styles/settings.css';

interface ReportItemProps {
  report: AdminReport;
  busy: boolean;
  onAction: (action: ModerationAction) => void;
  onSuspend: (member: { id: string; name: string }, rule: HouseRuleId) => void;
}

/** The house rule a report's reason suggests (the admin may pick another). */
const ruleFor: Record<ReportReason, HouseRuleId> = {
  inappropriate_photo: 'sexual_content',
  fake_profile: 'real_person',
  harassment: 'respect',
  spam: 'no_scam',
  underage: 'real_person',
  scam: 'no_scam',
  other: 'respect',
};

function suggestedRule(r: AdminReport): HouseRuleId {
  if (r.category === 'illegal') return 'illegal_content';
  const key = (Object.keys(reportReasons) as ReportReason[]).find((k) => reportReasons[k] === r.reason || k === r.reason);
  return key ? ruleFor[key] : 'respect';
}

function targetOf(r: AdminReport): string {
  if (r.photo_id) return de.admin.targets.photo;
  if (r.message_id) return de.admin.targets.message;
  return de.admin.targets.profile;
}

/** One report: reason, who reported whom, what (a reported photo shown with its actions), when; open ones can be resolved or dismissed. */
export function ReportItem({ report: r, busy, onAction, onSuspend }: ReportItemProps) {
  const [rule, setRule] = useState<HouseRuleId>(() => suggestedRule(r));
  const [note, setNote] = useState('');
  const decide = (status: 'resolved' | 'dismissed') => onAction({ kind: 'report', id: r.id, status, note: note.trim() });
  return (
    <li className="card admin-item admin-item--report" data-testid="report">
      <div className="admin-item__head">
        <strong>{r.reason}</strong>
        <span className={`admin-status admin-status--${r.status}`}>{de.admin.status[r.status]}</span>
      </div>
      <dl className="admin-facts">
        <div>
          <dt>{de.admin.reporter}</dt>
          <dd>{r.reporter}</dd>
        </div>
        <div>
          <dt>{de.admin.reported}</dt>
          <dd>{r.reported?.name || de.admin.deletedMember}</dd>
        </div>
        <div>
          <dt>{de.admin.target}</dt>
          <dd>{targetOf(r)}</dd>
        </div>
        <div>
          <dt>{de.admin.kind}</dt>
          <dd>
            {de.admin.category[r.category]} · {de.admin.channel[r.channel]}
            {r.good_faith ? ` · ${de.admin.goodFaith}` : ''}
          </dd>
        </div>
        <div>
          <dt>{de.admin.reportedAt}</dt>
          <dd>
            <time dateTime={r.created_at}>{formatShortDateTime(r.created_at)}</time>
          </dd>
        </div>
        {r.details ? (
          <div className="admin-facts__wide">
            <dt>{de.admin.details}</dt>
            <dd>{r.details}</dd>
          </div>
        ) : null}
        {r.note ? (
          <div className="admin-facts__wide">
            <dt>{de.admin.sentNote}</dt>
            <dd>{r.note}</dd>
          </div>
        ) : null}
      </dl>
      {r.evidence ? <ReportEvidenceList evidence={r.evidence} /> : null}
      {r.status === 'open' ? (
        <TextAreaField label={de.admin.reporterNote} rows={2} maxLength={500} count={note.length} value={note} onChange={(e) => setNote(e.target.value)} />
      ) : null}
      {r.status === 'open' ? <p className="muted">{de.admin.reporterNoteHint}</p> : null}
      {r.photo || r.message_id || r.reported ? <RuleSelect value={rule} onChange={setRule} /> : null}
      {r.photo ? <ReportedPhoto photo={r.photo} owner={r.reported?.name ?? de.admin.deletedMember} busy={busy} rule={rule} onAction={onAction} /> : null}
      <div className="admin-item__actions">
        {r.status === 'open' ? (
          <>
            <button type="button" className="btn btn--primary btn--small" disabled={busy} onClick={() => decide('resolved')}>
              {de.admin.resolve}
            </button>
            <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => decide('dismissed')}>
              {de.admin.dismiss}
            </button>
          </>
        ) : null}
        {r.message_id ? (
          <button type="button" className="btn btn--danger btn--small" disabled={busy} onClick={() => r.message_id && onAction({ kind: 'message', id: r.message_id, rule })}>
            {de.admin.removeMessage}
          </button>
        ) : null}
        {r.reported ? (
          <button type="button" className="btn btn--danger btn--small" disabled={busy} onClick={() => r.reported && onSuspend(r.reported, rule)}>
            {de.admin.suspend}
          </button>
        ) : null}
      </div>
    </li>
  );
}
