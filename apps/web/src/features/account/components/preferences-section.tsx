import type { MemberSettings } from '@funkeln/contracts/account';
import { Notice } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { SwitchField } from '../../../components/ui/switch-field';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { useMemberSettings, useUpdateSettings } from '../api';
import { NotificationSwitches } from './notification-switches';

const MESSAGE_PREFS: readonly { value: MemberSettings['messagePref']; label: string }[] = [
  { value: 'everyone', label: de.settings.messageEveryone },
  { value: 'liked', label: de.settings.messageLiked },
];

/** Who may write, notifications, read receipts, sharing: each change is saved at once. */
export function PreferencesSection() {
  const settings = useMemberSettings();
  const update = useUpdateSettings();
  return (
    <section className="card settings-section" aria-labelledby="settings-privacy">
      <h2 id="settings-privacy" className="settings-section__title">
        {de.settings.privacy}
      </h2>
      <QueryState query={settings} failed={de.settings.loadFailed}>
        {(s) => (
          <>
            <fieldset className="choice-group">
              <legend className="field__label">{de.settings.messagePref}</legend>
              <div className="choice-group__options">
                {MESSAGE_PREFS.map((pref) => (
                  <label key={pref.value} className="choice">
                    <input
                      className="choice__input"
                      type="radio"
                      name="messagePref"
                      value={pref.value}
                      checked={s.messagePref === pref.value}
                      disabled={update.isPending}
                      onChange={() => update.mutate({ messagePref: pref.value })}
                    />
                    {pref.label}
                  </label>
                ))}
              </div>
            </fieldset>
            <SwitchField
              label={de.settings.emailNotifications}
              checked={s.emailNotifications}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ emailNotifications: e.target.checked })}
            />
            <NotificationSwitches settings={s} disabled={update.isPending} update={(change) => update.mutate(change)} />
            <SwitchField
              label={de.settings.readReceipts}
              hint={de.settings.readReceiptsHint}
              checked={s.readReceipts}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ readReceipts: e.target.checked })}
            />
            <SwitchField
              label={de.settings.shareEnabled}
              hint={de.settings.shareHint}
              checked={s.shareEnabled}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ shareEnabled: e.target.checked })}
            />
          </>
        )}
      </QueryState>
      {update.isSuccess ? <Notice tone="success">{de.settings.saved}</Notice> : null}
      {update.isError ? <Notice tone="error">{errorMessage(update.error, de.settings.saveFailed)}</Notice> : null}
    </section>
  );
}
