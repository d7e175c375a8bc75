import type { CompanionInfo } from '@funkeln/contracts/companion';
import { de } from '../../../i18n/de';

/** Who answers (the model or the built-in engine), that it is an AI, and what a message costs. */
export function CompanionNotice({ info }: { info: CompanionInfo }) {
  return (
    <p className="notice notice--info companion-notice" data-testid="companion-kind">
      <span>
        {de.companion.answeredBy(info.label)} {de.companion.isAi}
      </span>
      <strong className="companion-notice__cost">{info.isPremium ? de.companion.premium : de.companion.cost(info.cost)}</strong>
    </p>
  );
}
