import { useId, type ComponentPropsWithRef } from 'react';

interface SwitchFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> {
  label: string;
  hint?: string;
}

/** A checkbox drawn as an on/off switch; the real input is what gets clicked and focused. */
export function SwitchField({ label, hint, ...input }: SwitchFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="switch-field">
      <input {...input} id={id} type="checkbox" className="switch" aria-describedby={hint ? hintId : undefined} />
      <div className="switch-field__text">
        <label className="switch-field__label" htmlFor={id}>
          {label}
        </label>
        {hint ? (
          <p className="field__hint" id={hintId}>
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
