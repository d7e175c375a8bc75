import type { PendingPhoto } from '@funkeln/contracts/admin';
import type { HouseRuleId } from '@funkeln/contracts/decisions';
import { useState } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { de } from '../../../i18n/de';
import { formatShortDateTime } from '../../../lib/format-time';
import { useModeration, usePendingPhotos } from '../api';
import { ActionResult } from './action-result';
import { RuleSelect } from './rule-select';

const percent = new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 1 });

/** The model's scores, highest first: 'Porn 41 %, Neutral 35 %, …'. */
function scoreText(scores: PendingPhoto['scores']): string {
  const entries = Object.entries(scores).sort(([, a], [, b]) => b - a);
  return entries.length === 0 ? '–' : entries.map(([name, value]) => `${name} ${percent.format(value)}`).join(', ');
}

/** Photos waiting for a human: thumbnail, member, the 'kein Gesicht' flag, label and scores, with enable and disable. */
export function PendingPhotos() {
  const pending = usePendingPhotos();
  const act = useModeration();
  // The rule a 'Sperren' here names in the owner's statement of reasons (the queue holds what the model found risky).
  const [rule, setRule] = useState<HouseRuleId>('sexual_content');
  return (
    <section className="admin-section" aria-labelledby="admin-pending-title">
      <h2 id="admin-pending-title">{de.admin.pending}</h2>
      <ActionResult result={act} />
      {pending.data?.length ? <RuleSelect value={rule} onChange={setRule} /> : null}
      <QueryState query={pending} failed={de.admin.loadFailed} />
      {pending.data?.length === 0 ? <p className="muted">{de.admin.noPending}</p> : null}
      <ul className="admin-list">
        {pending.data?.map((p) => (
          <li key={p.id} className="card admin-item" data-testid="pending-photo">
            <img className="admin-item__thumb" src={p.thumbUrl} alt={de.admin.photoAlt(p.user_name)} width={96} height={96} loading="lazy" />
            {p.no_face ? (
              <p className="admin-flag" title={de.admin.noFaceHint}>
                {de.admin.noFace}
              </p>
            ) : null}
            <dl className="admin-facts">
              <div>
                <dt>{de.admin.member}</dt>
                <dd>{p.user_name}</dd>
              </div>
              <div>
                <dt>{de.admin.label}</dt>
                <dd>{p.moderation_label ?? '–'}</dd>
              </div>
              <div>
                <dt>{de.admin.scores}</dt>
                <dd>{scoreText(p.scores)}</dd>
              </div>
              <div>
                <dt>{de.admin.uploaded}</dt>
                <dd>
                  <time dateTime={p.created_at}>{formatShortDateTime(p.created_at)}</time>
                </dd>
              </div>
            </dl>
            <div className="admin-item__actions">
              <button type="button" className="btn btn--primary btn--small" disabled={act.isPending} onClick={() => act.mutate({ kind: 'photo', id: p.id, action: 'enable' })}>
                {de.admin.enable}
              </button>
              <button type="button" className="btn btn--danger btn--small" disabled={act.isPending} onClick={() => act.mutate({ kind: 'photo', id: p.id, action: 'disable', rule })}>
                {de.admin.disable}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
