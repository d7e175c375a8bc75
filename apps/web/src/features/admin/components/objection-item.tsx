import { ANSWER_TEXT_MAX, type AdminObjection } from '@funkeln/contracts/decisions';
import { useState } from 'react';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { de } from '../../../i18n/de';
import { formatShortDateTime } from '../../../lib/format-time';

interface ObjectionItemProps {
  objection: AdminObjection;
  busy: boolean;
  onDecide: (outcome: 'uphold' | 'reverse', answer: string) => void;
}

/** One objection: the decision and its reasons, the member's text, and for an open one the answer and the two outcomes. */
export function ObjectionItem({ objection: o, busy, onDecide }: ObjectionItemProps) {
  const [answer, setAnswer] = useState('');
  const s = o.statement;
  const status = s.objection?.status ?? 'open';
  const ready = !busy && answer.trim().length > 0;
  return (
    <li className="card admin-item" data-testid="objection">
      <div className="admin-item__head">
        <strong>{s.title}</strong>
        <span className={`admin-status admin-status--${status === 'open' ? 'open' : 'resolved'}`}>{de.admin.objectionStatus[status]}</span>
      </div>
      {o.thumbUrl ? <img className="admin-item__thumb" src={o.thumbUrl} alt={de.admin.photoAlt(o.member?.name ?? de.admin.deletedMember)} width={96} height={96} loading="lazy" /> : null}
      <dl className="admin-facts">
        <div>
          <dt>{de.admin.member}</dt>
          <dd>{o.member?.name ?? de.admin.deletedMember}</dd>
        </div>
        <div>
          <dt>{de.admin.rule}</dt>
          <dd>{s.rule.title}</dd>
        </div>
        <div>
          <dt>{de.admin.objectedAt}</dt>
          <dd>{s.objection ? <time dateTime={s.objection.createdAt}>{formatShortDateTime(s.objection.createdAt)}</time> : '–'}</dd>
        </div>
        <div className="admin-facts__wide">
          <dt>{de.admin.decision}</dt>
          <dd>
            {s.object}. {s.facts}
          </dd>
        </div>
        <div className="admin-facts__wide">
          <dt>{de.admin.objectionText}</dt>
          <dd className="admin-objection__text">{s.objection?.text}</dd>
        </div>
        {s.objection?.answer ? (
          <div className="admin-facts__wide">
            <dt>{de.admin.answerLabel}</dt>
            <dd>{s.objection.answer}</dd>
          </div>
        ) : null}
      </dl>
      {status === 'open' ? (
        <>
          <TextAreaField label={de.admin.answerLabel} maxLength={ANSWER_TEXT_MAX} count={answer.length} rows={3} value={answer} onChange={(e) => setAnswer(e.target.value)} />
          <div className="admin-item__actions">
            <button type="button" className="btn btn--primary btn--small" disabled={!ready} onClick={() => onDecide('reverse', answer)}>
              {o.reversal}
            </button>
            <button type="button" className="btn btn--secondary btn--small" disabled={!ready} onClick={() => onDecide('uphold', answer)}>
              {de.admin.uphold}
            </button>
          </div>
        </>
      ) : null}
    </li>
  );
}
