import type { PasswordRating } from '@funkeln/contracts/password-strength';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { de } from '../../i18n/de';

type Rate = (password: string, personal: readonly string[]) => PasswordRating;

let loading: Promise<Rate> | undefined;

/** The rater and its dictionaries are large: loaded on the first keystroke, only on the pages that set a password. */
function loadRater(): Promise<Rate> {
  loading ??= import('@funkeln/contracts/password-strength').then(
    (m) => m.ratePassword,
    (error: unknown) => {
      loading = undefined; // a failed chunk may load next time; the server checks anyway
      throw error;
    },
  );
  return loading;
}

function useRater(wanted: boolean): Rate | undefined {
  const [rate, setRate] = useState<Rate>();
  useEffect(() => {
    if (!wanted || rate) return;
    let current = true;
    loadRater().then(
      (loaded) => current && setRate(() => loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted, rate]);
  return rate;
}

interface PasswordStrengthProps {
  password: string;
  /** The member's e-mail address and name: a password made of them is weak. */
  personal?: readonly string[];
}

/** Live strength feedback under a new-password field, with the same rule the server applies. */
export function PasswordStrength({ password, personal = [] }: PasswordStrengthProps) {
  const typed = useDeferredValue(password);
  const rate = useRater(typed.length > 0);
  const personalKey = personal.join('\n');
  const rating = useMemo(() => (rate && typed ? rate(typed, personalKey.split('\n')) : undefined), [rate, typed, personalKey]);
  if (!rating) return null;
  const text = de.passwordStrength;
  return (
    <div className="password-strength" aria-live="polite">
      {/* The sentence below says the same; a labelled meter would also match the field's label "Passwort". */}
      <meter className="password-strength__meter" min={0} max={4} low={2} high={3} optimum={4} value={rating.score} aria-hidden="true" />
      <p className="field__hint" data-testid="password-strength">
        {text.label}: {text.levels[rating.score]}. {rating.advice ?? text.strong}
      </p>
    </div>
  );
}
