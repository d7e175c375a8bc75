import type { Objection, Statement } from '@funkeln/contracts/decisions';
import type { ReactNode } from 'react';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { formatLongDate } from '../../../lib/format-time';

const outcome: Record<Objection['status'], string> = {
  open: de.decisions.objectionOpen,
  upheld: de.decisions.objectionUpheld,
  reversed: de.decisions.objectionReversed,
};

/** A statement of reasons (DSA Art. 17(3)): what, why, which rule, how it was decided, the ways to object; then the objection or its form. */
export function StatementView({ statement: s, children }: { statement: Statement; children?: ReactNode }) {
  return (
    <article className="card statement" data-testid="statement">
      <h2 className="statement__title">{s.title}</h2>
      <p className="muted">
        <time dateTime={s.createdAt}>{de.decisions.decidedOn(formatLongDate(s.createdAt))}</time>
      </p>
      <dl className="statement__facts">
        <dt>{de.decisions.what}</dt>
        <dd>{s.object}</dd>
        <dt>{de.decisions.why}</dt>
        <dd>{s.facts}</dd>
        <dt>{de.decisions.rule}</dt>
        <dd>
          <strong>{s.rule.title}:</strong> {s.rule.text} <span className="muted">{s.rule.ground}</span>
        </dd>
        <dt>{de.decisions.how}</dt>
        <dd>{s.automation}</dd>
        <dt>{de.decisions.options}</dt>
        <dd>{s.redress}</dd>
      </dl>
      {s.objection ? (
        <div className="statement__objection">
          <h3>{de.decisions.yourObjection}</h3>
          <p className="statement__text">{s.objection.text}</p>
          <Notice tone={s.objection.status === 'reversed' ? 'success' : 'info'}>{outcome[s.objection.status]}</Notice>
          {s.objection.answer ? (
            <>
              <h3>{de.decisions.answer}</h3>
              <p className="statement__text" data-testid="objection-answer">
                {s.objection.answer}
              </p>
            </>
          ) : null}
        </div>
      ) : s.canObject ? (
        children
      ) : (
        <p className="muted">{de.decisions.periodOver}</p>
      )}
    </article>
  );
}
