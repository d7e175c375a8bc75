import { useId, type ComponentPropsWithRef } from 'react';
import { de } from '../../i18n/de';

interface TextAreaFieldProps extends Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'maxLength'> {
  label: string;
  maxLength: number;
  /** Characters typed so far, for the live counter. */
  count: number;
  error?: string | undefined;
}

/** A labelled text area with a character counter; the counter and any error are its description. */
export function TextAreaField({ label, maxLength, count, error, className, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const nearLimit = count >= maxLength * 0.9;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        {...textarea}
        id={id}
        maxLength={maxLength}
        className="field__input field__input--area"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${counterId}` : counterId}
      />
      <div className="field__meta">
        {error ? (
          <p className="field__error" id={errorId} role="alert">
            {error}
          </p>
        ) : (
          <span />
        )}
        <p className={nearLimit ? 'field__counter field__counter--near' : 'field__counter'} id={counterId}>
          <span aria-hidden="true">{de.common.charCount(count, maxLength)}</span>
          <span className="visually-hidden">{de.common.charCountLabel(count, maxLength)}</span>
        </p>
      </div>
    </div>
  );
}
