import { feedQuery, RADIUS_MESSAGE } from '@funkeln/contracts/feed';
import { useId, useRef, useState, type FormEvent } from 'react';
import { de } from '../../../i18n/de';

const radiusRule = feedQuery.shape.radius;

/** '' stays '' (no limit); '050' becomes '50'. Null for anything the server would reject. */
function normalise(raw: string, badInput: boolean): string | null {
  const value = raw.trim();
  if (badInput || !radiusRule.safeParse(value).success) return null;
  return value === '' ? '' : String(Number(value));
}

/** 'Umkreis (km)' with 'Anwenden': checked like the server does, with the server's own message. */
export function RadiusForm({ value, onApply }: { value: string; onApply: (radius: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const radius = normalise(draft, input.current?.validity.badInput ?? false);
    if (radius === null) {
      setError(RADIUS_MESSAGE);
      input.current?.focus();
      return;
    }
    setError(null);
    setDraft(radius);
    onApply(radius);
  };

  return (
    <form className="radius-form" onSubmit={submit} noValidate>
      <label className="field__label" htmlFor={id}>
        {de.discover.radiusLabel}
      </label>
      <div className="radius-form__row">
        <input
          ref={input}
          id={id}
          className="field__input radius-form__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={500}
          step={1}
          placeholder={de.discover.radiusPlaceholder}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          data-testid="radius-input"
        />
        <button type="submit" className="btn btn--primary">
          {de.discover.apply}
        </button>
      </div>
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <p className="field__hint" id={`${id}-hint`}>
        {de.discover.radiusHint}
      </p>
    </form>
  );
}
