import { Link } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { FormSection } from './form-section';
import '../../../styles/settings.css';

interface ConsentFieldProps {
  /** Consent already on record: no checkbox, only where to withdraw it. */
  given: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | null;
}

/** Art. 9 DSGVO: a separate checkbox, never pre-ticked; saving works without it. */
export function ConsentField({ given, checked, onChange, error }: ConsentFieldProps) {
  return (
    <FormSection title={de.onboarding.consentTitle}>
      {given ? (
        <p className="muted" data-testid="consent-given">
          {de.onboarding.consentGiven} <Link to="/settings">{de.onboarding.toSettings}</Link>
        </p>
      ) : (
        <>
          <label className="consent-check">
            <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
            <span>{de.onboarding.consent}</span>
          </label>
          {checked ? null : <p className="field__hint">{de.onboarding.consentHint}</p>}
        </>
      )}
      {error ? <Notice tone="error">{error}</Notice> : null}
    </FormSection>
  );
}
