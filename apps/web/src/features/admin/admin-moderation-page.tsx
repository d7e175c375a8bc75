import { ComingSoon } from '../../components/ui/coming-soon';
import { de } from '../../i18n/de';

export function AdminModerationPage() {
  return <ComingSoon title={de.placeholders.adminModeration} />;
}
