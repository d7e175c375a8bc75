import type { MemberSettings } from '@funkeln/contracts/account';
import { SwitchField } from '../../../components/ui/switch-field';
import { de } from '../../../i18n/de';

type Update = (change: Partial<MemberSettings>) => void;

const MAIL_KINDS = [
  { key: 'emailOnMatch', label: de.settings.emailOnMatch },
  { key: 'emailOnMessage', label: de.settings.emailOnMessage },
  { key: 'emailOnFlirt', label: de.settings.emailOnFlirt },
] as const;

/** Under the e-mail master switch: one switch per kind of mail (off with the master), then push previews. */
export function NotificationSwitches({ settings, disabled, update }: { settings: MemberSettings; disabled: boolean; update: Update }) {
  return (
    <>
      <fieldset className="settings-subgroup">
        <legend className="field__label">{de.settings.emailKinds}</legend>
        {MAIL_KINDS.map((kind) => (
          <SwitchField
            key={kind.key}
            label={kind.label}
            checked={settings.emailNotifications && settings[kind.key]}
            disabled={disabled || !settings.emailNotifications}
            onChange={(e) => update({ [kind.key]: e.target.checked })}
          />
        ))}
      </fieldset>
      <SwitchField
        label={de.settings.pushPreviews}
        hint={de.settings.pushPreviewsHint}
        checked={settings.pushPreviews}
        disabled={disabled}
        onChange={(e) => update({ pushPreviews: e.target.checked })}
      />
    </>
  );
}
