import { ComingSoon } from '../../components/ui/coming-soon';
import { de } from '../../i18n/de';

export function MessagesPage() {
  return <ComingSoon title={de.placeholders.messages} />;
}
