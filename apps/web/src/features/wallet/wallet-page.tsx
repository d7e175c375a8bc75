import { ComingSoon } from '../../components/ui/coming-soon';
import { de } from '../../i18n/de';

export function WalletPage() {
  return <ComingSoon title={de.placeholders.wallet} />;
}
