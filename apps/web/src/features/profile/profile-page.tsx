import { ComingSoon } from '../../components/ui/coming-soon';
import { de } from '../../i18n/de';

export function ProfilePage() {
  return <ComingSoon title={de.placeholders.profile} />;
}
