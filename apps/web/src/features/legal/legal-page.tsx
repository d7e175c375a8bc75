import type { LegalInfo } from '@funkeln/contracts/legal';
import { QueryState } from '../../components/ui/query-state';
import { type LegalDocument, loadFailed } from '../../i18n/de-legal';
import { useLegalInfo } from './api';
import { LegalDocumentView } from './components/legal-document-view';

/** A legal page written from the server's facts (GET /api/legal). */
export function LegalPage({ build }: { build: (info: LegalInfo) => LegalDocument }) {
  const info = useLegalInfo();
  return (
    <QueryState query={info} failed={loadFailed}>
      {(data) => <LegalDocumentView document={build(data)} sample={data.operator.sample} />}
    </QueryState>
  );
}
