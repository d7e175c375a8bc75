import { ComingSoon } from '../../components/ui/coming-soon';
import { de } from '../../i18n/de';

export function OnboardingPage() {
  return <ComingSoon title={de.placeholders.onboarding} />;
}
