import { genderLabels, genders } from '@funkeln/contracts/profiles';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface ChoiceGroupProps {
  legend: string;
  type: 'radio' | 'checkbox';
  field: UseFormRegisterReturn;
  error?: string | undefined;
}

/** Frau / Mann / Divers as radio buttons or checkboxes, grouped under a legend. */
export function ChoiceGroup({ legend, type, field, error }: ChoiceGroupProps) {
  const errorId = useId();
  return (
    <fieldset className="choice-group" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{legend}</legend>
      <div className="choice-group__options">
        {genders.map((g) => (
          <label key={g} className="choice">
            <input className="choice__input" type={type} value={g} {...field} />
            <span>{genderLabels[g]}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
