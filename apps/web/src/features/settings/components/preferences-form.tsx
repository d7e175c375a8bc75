import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api';
import { useMemberSettings, useUpdateSettings } from '../api';

export function PreferencesForm() {
  const settings = useMemberSettings();
  const update = useUpdateSettings();
  const s = settings.data;
  if (!s) return null;
  return (
    <section className="settings-section" aria-labelledby="settings-privacy">
      <h2 id="settings-privacy">{de.settings.privacy}</h2>
      <label className="field">
        <span>{de.settings.messagePref}</span>
        <select value={s.messagePref} onChange={(e) => update.mutate({ messagePref: e.target.value === 'liked' ? 'liked' : 'everyone' })}>
          <option value="everyone">{de.settings.messageEveryone}</option>
          <option value="liked">{de.settings.messageLiked}</option>
        </select>
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={s.emailNotifications} onChange={(e) => update.mutate({ emailNotifications: e.target.checked })} />
        <span>{de.settings.emailNotifications}</span>
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={s.shareEnabled} onChange={(e) => update.mutate({ shareEnabled: e.target.checked })} />
        <span>{de.settings.shareEnabled}</span>
      </label>
      {update.isSuccess ? <Notice tone="success">{de.settings.saved}</Notice> : null}
      {update.isError ? <Notice tone="error">{errorMessage(update.error, de.settings.saveFailed)}</Notice> : null}
    </section>
  );
}
