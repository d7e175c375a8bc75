import { QueryState } from '../../../components/ui/query-state';
import { de } from '../../../i18n/de';
import { useDecideObjection, useObjections } from '../api';
import { ActionResult } from './action-result';
import { ObjectionItem } from './objection-item';

/** 'Widersprüche': members object to a decision; a person upholds or reverses it with an answer (DSA Art. 20). */
export function ObjectionQueue() {
  const objections = useObjections();
  const decide = useDecideObjection();
  return (
    <section className="admin-section" aria-labelledby="admin-objections-title">
      <h2 id="admin-objections-title">{de.admin.objections}</h2>
      <p className="muted">{de.admin.objectionsLead}</p>
      <ActionResult result={decide} />
      <QueryState query={objections} failed={de.admin.loadFailed} />
      {objections.data?.length === 0 ? <p className="muted">{de.admin.noObjections}</p> : null}
      <ul className="admin-list">
        {objections.data?.map((o) => (
          <ObjectionItem key={o.id} objection={o} busy={decide.isPending} onDecide={(outcome, answer) => decide.mutate({ id: o.id, outcome, answer })} />
        ))}
      </ul>
    </section>
  );
}
