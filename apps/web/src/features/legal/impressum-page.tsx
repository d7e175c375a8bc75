import { imprint } from '../../i18n/de-legal';
import { LegalPage } from './legal-page';

export function ImpressumPage() {
  return <LegalPage build={imprint} />;
}
