import { useSearchParams } from 'react-router';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import { de } from '../../i18n/de';
import { useObjectByLink, useStatementByLink } from './api';
import { ObjectionForm } from './components/objection-form';
import { StatementView } from './components/statement-view';
import './decisions.css';

/** /widerspruch?token=…: the statement behind a mailed link and its objection form, without signing in (works while suspended). */
export function ObjectionPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <section className="page page--narrow decisions-page" aria-labelledby="objection-title">
      <PageHeader titleId="objection-title" title={de.decisions.linkTitle} lead={de.decisions.linkLead} />
      {token ? <ByLink token={token} /> : <Notice tone="error">{de.decisions.missingToken}</Notice>}
    </section>
  );
}

function ByLink({ token }: { token: string }) {
  const statement = useStatementByLink(token);
  const object = useObjectByLink(token);
  return (
    <QueryState query={statement} failed={de.decisions.linkFailed}>
      {(s) => (
        <StatementView statement={s}>
          <ObjectionForm pending={object.isPending} error={object.error} onSubmit={(text) => object.mutate(text)} />
        </StatementView>
      )}
    </QueryState>
  );
}
