import { type HouseRuleId, houseRuleIds, houseRules } from '@funkeln/contracts/decisions';
import { useId } from 'react';
import { de } from '../../../i18n/de';

interface RuleSelectProps {
  value: HouseRuleId;
  onChange: (rule: HouseRuleId) => void;
}

/** The house rule a restriction names in the member's statement of reasons. */
export function RuleSelect({ value, onChange }: RuleSelectProps) {
  const id = useId();
  return (
    <div className="field admin-rule" title={de.admin.ruleHint}>
      <label className="field__label" htmlFor={id}>
        {de.admin.rule}
      </label>
      <select id={id} className="field__input" value={value} onChange={(e) => onChange(houseRuleIds.find((r) => r === e.target.value) ?? value)}>
        {houseRuleIds.map((r) => (
          <option key={r} value={r}>
            {houseRules[r].title}
          </option>
        ))}
      </select>
    </div>
  );
}
