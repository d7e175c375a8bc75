import { TERMS_DRAFT_NOTICE, termsDocument } from '@funkeln/contracts/terms-text';
import { QueryState } from '../../components/ui/query-state';
import { loadFailed } from '../../i18n/de-legal';
import { useLegalInfo } from './api';
import { LegalDocumentView } from './components/legal-document-view';

/** The AGB with the Widerrufsbelehrung and the Muster-Widerrufsformular (/agb#widerruf), from the operator's details. */
export function AgbPage() {
  const info = useLegalInfo();
  return (
    <QueryState query={info} failed={loadFailed}>
      {(data) => <LegalDocumentView document={termsDocument(data.operator)} sample={data.operator.sample} draft={data.termsDraft ? TERMS_DRAFT_NOTICE : undefined} />}
    </QueryState>
  );
}
