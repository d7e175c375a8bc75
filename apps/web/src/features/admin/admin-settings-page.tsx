import { useState, type FormEvent } from 'react';
import { Notice } from '../../components/ui/notice';
import { de } from '../../i18n/de';
import { ApiError, errorMessage } from '../../lib/api';
import { useAdminSettings, useCleanup, useSaveSettings } from './api';
import { AdminOnly } from './components/admin-only';

export function AdminSettingsPage() {
  return (
    <section className="page admin-page" aria-labelledby="admin-settings-title">
      <h1 id="admin-settings-title">{de.admin.settingsTitle}</h1>
      <AdminOnly>
        <SettingsForm />
        <Cleanup />
      </AdminOnly>
    </section>
  );
}

function SettingsForm() {
  const settings = useAdminSettings();
  const save = useSaveSettings();
  const [draft, setDraft] = useState<Record<string, string>>({});
  const values = { ...settings.data, ...draft };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft, { onSuccess: () => setDraft({}) });
  };
  return (
    <form className="admin-settings" onSubmit={submit}>
      {Object.entries(values).map(([key, value]) => (
        <label key={key} className="field">
          <span>{key}</span>
          <input value={value} onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))} />
        </label>
      ))}
      <button type="submit" className="btn btn--primary" disabled={save.isPending}>
        {de.admin.save}
      </button>
      {save.isSuccess ? <Notice tone="success">{de.admin.saved}</Notice> : null}
      {save.isError ? <Notice tone="error">{errorMessage(save.error, de.admin.saveFailed)}</Notice> : null}
    </form>
  );
}

function Cleanup() {
  const cleanup = useCleanup();
  const failure = cleanup.error instanceof ApiError ? de.admin.failure(cleanup.error.status, cleanup.error.serverMessage ?? cleanup.error.message) : null;
  return (
    <div className="admin-cleanup">
      <button type="button" className="btn btn--ghost" onClick={() => cleanup.mutate()} disabled={cleanup.isPending}>
        {de.admin.cleanup}
      </button>
      {cleanup.data ? <Notice tone="success">{de.admin.cleanupResult(cleanup.data)}</Notice> : null}
      {failure ? <Notice tone="error">{failure}</Notice> : null}
    </div>
  );
}
