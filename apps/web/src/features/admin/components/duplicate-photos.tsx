import type { DuplicateFlag, DuplicateSide } from '@funkeln/contracts/photo-duplicates';
import { useState } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { de } from '../../../i18n/de';
import { formatShortDateTime } from '../../../lib/format-time';
import { type ModerationAction, useDuplicatePhotos, useModeration } from '../api';
import { ActionResult } from './action-result';
import { type SuspendTarget, SuspendDialog } from './suspend-dialog';

const t = de.admin.duplicates;

interface SideProps {
  title: string;
  side: DuplicateSide;
  busy: boolean;
  onAction: (action: ModerationAction) => void;
  onSuspend: (member: { id: string; name: string }) => void;
}

/** One photo of the pair with its account: name, id, upload date, state; hide or show the photo, suspend the member. */
function Side({ title, side, busy, onAction, onSuspend }: SideProps) {
  return (
    <div className="admin-duplicate__side" data-testid="duplicate-side">
      <h3>{title}</h3>
      <img src={side.thumbUrl} alt={de.admin.photoAlt(side.memberName)} width={160} height={160} loading="lazy" />
      <dl className="admin-facts">
        <div>
          <dt>{de.admin.member}</dt>
          <dd>
            {side.memberName}
            {side.suspended ? ` (${t.suspended})` : ''}
          </dd>
        </div>
        <div>
          <dt>{t.accountId}</dt>
          <dd>
            <code>{side.memberId}</code>
          </dd>
        </div>
        <div>
          <dt>{de.admin.uploaded}</dt>
          <dd>
            <time dateTime={side.uploadedAt}>{formatShortDateTime(side.uploadedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{de.admin.label}</dt>
          <dd>{side.disabled ? de.admin.photoHidden : side.status === 'approved' ? de.admin.photoShown : de.admin.photoWaiting}</dd>
        </div>
      </dl>
      <div className="admin-item__actions">
        {side.disabled ? (
          <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => onAction({ kind: 'photo', id: side.photoId, action: 'enable' })}>
            {de.admin.showPhoto}
          </button>
        ) : (
          <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => onAction({ kind: 'photo', id: side.photoId, action: 'disable' })}>
            {de.admin.hidePhoto}
          </button>
        )}
        {side.suspended ? null : (
          <button type="button" className="btn btn--danger btn--small" disabled={busy} onClick={() => onSuspend({ id: side.memberId, name: side.memberName })}>
            {de.admin.suspend}
          </button>
        )}
      </div>
    </div>
  );
}

function facts(f: DuplicateFlag): string {
  return [t.distance(f.distance), f.mirrored ? t.mirrored : null].filter(Boolean).join(' · ');
}

/** "Doppelte Fotos": each flagged pair side by side, "Kein Problem" closes it; the members are never told. */
export function DuplicatePhotos() {
  const flags = useDuplicatePhotos();
  const act = useModeration();
  const [suspending, setSuspending] = useState<SuspendTarget | null>(null);
  return (
    <section className="admin-section" aria-labelledby="admin-duplicates-title">
      <h2 id="admin-duplicates-title">{t.title}</h2>
      <p className="muted">{t.lead}</p>
      <ActionResult result={act} />
      <QueryState query={flags} failed={de.admin.loadFailed} />
      {flags.data?.length === 0 ? <p className="muted">{t.none}</p> : null}
      <ul className="admin-list">
        {flags.data?.map((f) => (
          <li key={f.id} className="card admin-item" data-testid="duplicate-photo">
            <div className="admin-item__head">
              <strong>{facts(f)}</strong>
              <time dateTime={f.createdAt}>{formatShortDateTime(f.createdAt)}</time>
            </div>
            <div className="admin-duplicate">
              <Side title={t.newer} side={f.photo} busy={act.isPending} onAction={(a) => act.mutate(a)} onSuspend={setSuspending} />
              <Side title={t.older} side={f.other} busy={act.isPending} onAction={(a) => act.mutate(a)} onSuspend={setSuspending} />
            </div>
            <div className="admin-item__actions">
              <button type="button" className="btn btn--primary btn--small" disabled={act.isPending} onClick={() => act.mutate({ kind: 'duplicate', id: f.id })}>
                {t.noProblem}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <SuspendDialog target={suspending} onSuspend={(action) => act.mutate(action)} onClose={() => setSuspending(null)} />
    </section>
  );
}
