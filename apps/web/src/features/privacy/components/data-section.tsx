import { useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { downloadExport } from '../api';
import { useLeave } from '../../../lib/use-leave';

/**
 * 'Meine Daten exportieren' (a JSON download) and 'Überall abmelden'. Signing out everywhere is the
 * account feature's call; the settings page (app/) passes it in, as features do not import each other.
 */
export function DataSection({ logoutEverywhere }: { logoutEverywhere: () => Promise<unknown> }) {
  const leave = useLeave();
  const [busy, setBusy] = useState<'export' | 'logout' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (kind: 'export' | 'logout', task: () => Promise<void>, fallback: string) => {
    setBusy(kind);
    setError(null);
    try {
      await task();
    } catch (failure) {
      setError(errorMessage(failure, fallback));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="card settings-section" aria-labelledby="settings-data">
      <h2 id="settings-data" className="settings-section__title">
        {de.settings.data}
      </h2>
      <p className="muted">{de.settings.dataText}</p>
      <div className="settings-actions">
        <button type="button" className="btn btn--secondary" disabled={busy !== null} onClick={() => void run('export', downloadExport, de.settings.exportFailed)}>
          {busy === 'export' ? de.settings.exporting : de.settings.export}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={busy !== null}
          onClick={() => void run('logout', async () => { await logoutEverywhere(); await leave(); }, de.settings.logoutAllFailed)}
        >
          {de.settings.logoutAll}
        </button>
      </div>
      {error ? <Notice tone="error">{error}</Notice> : null}
    </section>
  );
}
