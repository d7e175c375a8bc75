import { INTERESTS, MAX_INTERESTS } from '@funkeln/contracts/profile-details';
import { useId, useState } from 'react';
import { de } from '../../../i18n/de';

interface InterestPickerProps {
  value: string[];
  onChange: (value: string[]) => void;
}

/**
 * The catalogue as toggle buttons (aria-pressed). At the limit the others stay focusable but
 * refuse with the hint, so a keyboard or screen-reader user hears why nothing happened.
 */
export function InterestPicker({ value, onChange }: InterestPickerProps) {
  const id = useId();
  const [refused, setRefused] = useState(false);
  const full = value.length >= MAX_INTERESTS;
  const toggle = (interest: string) => {
    if (value.includes(interest)) {
      setRefused(false);
      onChange(value.filter((v) => v !== interest));
    } else if (full) {
      setRefused(true);
    } else {
      onChange([...value, interest]);
    }
  };
  return (
    <fieldset className="interest-picker" aria-describedby={`${id}-hint ${id}-status`}>
      <legend className="field__label">{de.details.interestsTitle}</legend>
      <p className="field__hint" id={`${id}-hint`}>
        {de.details.interestsHint}
      </p>
      <div className="interest-picker__options">
        {INTERESTS.map((interest) => {
          const pressed = value.includes(interest.id);
          return (
            <button
              key={interest.id}
              type="button"
              className="interest-toggle"
              aria-pressed={pressed}
              aria-disabled={!pressed && full ? true : undefined}
              onClick={() => toggle(interest.id)}
            >
              {interest.label}
            </button>
          );
        })}
      </div>
      <p
        className={refused && full ? 'interest-picker__status interest-picker__status--limit' : 'interest-picker__status muted'}
        id={`${id}-status`}
        role="status"
      >
        {refused && full ? de.details.interestsLimit : de.details.interestsCount(value.length, MAX_INTERESTS)}
      </p>
    </fieldset>
  );
}
