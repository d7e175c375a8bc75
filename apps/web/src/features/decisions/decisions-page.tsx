import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import { de } from '../../i18n/de';
import { useMyDecisions, useObject } from './api';
import { ObjectionForm } from './components/objection-form';
import { StatementView } from './components/statement-view';
import './decisions.css';

/** 'Entscheidungen zu deinem Konto': every statement of reasons, newest first, each open one with its objection form. */
export function DecisionsPage() {
  const list = useMyDecisions();
  const object = useObject();
  return (
    <section className="page page--narrow decisions-page" aria-labelledby="decisions-title">
      <PageHeader titleId="decisions-title" title={de.decisions.title} lead={de.decisions.lead} />
      <QueryState query={list} failed={de.decisions.loadFailed} isEmpty={(d) => d.items.length === 0} empty={<p className="muted">{de.decisions.empty}</p>}>
        {(d) =>
          d.items.map((s) => (
            <StatementView key={s.id} statement={s}>
              <ObjectionForm
                pending={object.isPending && object.variables.id === s.id}
                error={object.isError && object.variables.id === s.id ? object.error : null}
                onSubmit={(text) => object.mutate({ id: s.id, text })}
              />
            </StatementView>
          ))
        }
      </QueryState>
    </section>
  );
}
