import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api';
import { clearToken } from '../../../lib/token-storage';
import { deleteAccount, downloadExport, logoutEverywhere } from '../api';

/** Export, log out everywhere, delete the account. */
export function DataSection() {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const leave = () => {
    clearToken();
    void navigate('/', { replace: true });
  };
  const remove = (event: FormEvent) => {
    event.preventDefault();
    deleteAccount(password).then(leave, (e: unknown) => setError(errorMessage(e, de.settings.deleteFailed)));
  };
  return (
    <section className="settings-section" aria-labelledby="settings-data">
      <h2 id="settings-data">{de.settings.data}</h2>
      <div className="settings-actions">
        <button type="button" className="btn btn--ghost" onClick={() => void downloadExport().catch((e: unknown) => setError(errorMessage(e, de.settings.exportFailed)))}>
          {de.settings.export}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => void logoutEverywhere().then(leave, leave)}>
          {de.settings.logoutAll}
        </button>
      </div>
      <form className="settings-delete" onSubmit={remove} aria-labelledby="settings-delete">
        <h3 id="settings-delete">{de.settings.deleteTitle}</h3>
        <p className="muted small">{de.settings.deleteText}</p>
        <label className="field">
          <span>{de.settings.deletePassword}</span>
          <input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <button type="submit" className="btn btn--danger">
          {de.settings.deleteButton}
        </button>
      </form>
      {error ? <Notice tone="error">{error}</Notice> : null}
    </section>
  );
}
