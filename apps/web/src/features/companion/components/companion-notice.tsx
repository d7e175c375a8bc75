import type { CompanionInfo } from '@funkeln/contracts/companion';
import { de } from '../../../i18n/de';

/** That it is an AI (said once, the same words as each conversation's greeting), which engine answers, and what a message costs. */
export function CompanionNotice({ info }: { info: CompanionInfo }) {
  return (
    <p className="notice notice--info companion-notice" data-testid="companion-kind">
      <span>
        {de.companion.isAi} {de.companion.answeredBy(info.label)}
      </span>
      <strong className="companion-notice__cost">{info.isPremium ? de.companion.premium : de.companion.cost(info.cost)}</strong>
    </p>
  );
}
