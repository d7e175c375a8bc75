import { useState, type FormEvent } from 'react';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { deleteAccount } from '../api';
import { useLeave } from '../../../lib/use-leave';
import { GOODBYE_PATH } from '../pages/goodbye-page';

/** 'Konto löschen': confirmed with the password; afterwards signed out locally and a short goodbye (/auf-wiedersehen). */
export function DeleteAccountForm() {
  const leave = useLeave(GOODBYE_PATH);
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await deleteAccount(password);
    } catch (failure) {
      setError(errorMessage(failure, de.settings.deleteFailed));
      setPending(false);
      return;
    }
    await leave();
  };
  return (
    <form className="card settings-section" onSubmit={(event) => void submit(event)} aria-labelledby="settings-delete">
      <h2 id="settings-delete" className="settings-section__title">
        {de.settings.deleteTitle}
      </h2>
      <p className="muted">{de.settings.deleteText}</p>
      <TextField label={de.settings.deletePassword} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <div className="settings-actions">
        <button type="submit" className="btn btn--danger" disabled={pending}>
          {pending ? de.settings.deleting : de.settings.deleteButton}
        </button>
      </div>
      {error ? <Notice tone="error">{error}</Notice> : null}
    </form>
  );
}
