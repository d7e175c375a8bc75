import { privacy } from '../../i18n/de-legal';
import { LegalPage } from './legal-page';

export function DatenschutzPage() {
  return <LegalPage build={privacy} />;
}
