import { privacy } from '../../i18n/de-legal';
import { LegalDocumentView } from './components/legal-document-view';

export function DatenschutzPage() {
  return <LegalDocumentView document={privacy} />;
}
