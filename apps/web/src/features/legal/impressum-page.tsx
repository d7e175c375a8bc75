import { imprint } from '../../i18n/de-legal';
import { LegalDocumentView } from './components/legal-document-view';

export function ImpressumPage() {
  return <LegalDocumentView document={imprint} />;
}
