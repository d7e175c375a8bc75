import { useId } from 'react';
import { de } from '../../../i18n/de';

/** 'nur verifizierte Profile': a checkbox that restarts the stack with members who carry "Foto verifiziert". */
export function VerifiedOnlySwitch({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="verified-only">
      <label className="verified-only__label" htmlFor={id}>
        <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} aria-describedby={`${id}-hint`} />
        {de.discover.verifiedOnly}
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        {de.discover.verifiedOnlyHint}
      </p>
    </div>
  );
}
