import { useState, type FormEvent } from 'react';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api';
import { useChangePassword } from '../api';

export function PasswordForm() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNext] = useState('');
  const change = useChangePassword();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ currentPassword, newPassword }, { onSuccess: () => {
          setCurrent('');
          setNext('');
        }, });
  };
  return (
    <form className="settings-section" onSubmit={submit} aria-labelledby="settings-password">
      <h2 id="settings-password">{de.settings.password}</h2>
      <label className="field">
        <span>{de.settings.currentPassword}</span>
        <input type="password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrent(e.target.value)} />
      </label>
      <label className="field">
        <span>{de.settings.newPassword}</span>
        <input type="password" autoComplete="new-password" minLength={8} value={newPassword} onChange={(e) => setNext(e.target.value)} />
      </label>
      <button type="submit" className="btn btn--ghost" disabled={change.isPending}>
        {de.settings.password}
      </button>
      {change.isSuccess ? <Notice tone="success">{de.settings.passwordChanged}</Notice> : null}
      {change.isError ? <Notice tone="error">{errorMessage(change.error, de.settings.passwordFailed)}</Notice> : null}
    </form>
  );
}
