import type { SettingsRecord } from '@funkeln/contracts/settings';
import { useForm } from 'react-hook-form';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { useSaveSettings } from '../api';
import { SettingField } from './setting-field';

/** Every setting with its value (switch, number field or choice); only changed keys are sent, the server validates them (400 names the key). */
export function SettingsForm({ settings }: { settings: SettingsRecord }) {
  const save = useSaveSettings();
  const { register, control, handleSubmit, formState } = useForm<SettingsRecord>({ values: settings });
  const { dirtyFields, isDirty } = formState;
  const submit = handleSubmit((values) => {
    const changed = Object.fromEntries(Object.entries(values).filter(([key]) => dirtyFields[key]));
    save.mutate(changed);
  });
  return (
    <form className="card admin-card admin-settings" onSubmit={(event) => void submit(event)} noValidate>
      <div className="admin-settings__fields">
        {Object.keys(settings).map((key) => (
          <SettingField key={key} name={key} control={control} register={register} />
        ))}
      </div>
      <div className="admin-card__actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending || !isDirty}>
          {save.isPending ? de.admin.saving : de.admin.save}
        </button>
      </div>
      {save.isSuccess && !isDirty ? <Notice tone="success">{de.admin.saved}</Notice> : null}
      {save.isError ? <Notice tone="error">{errorMessage(save.error, de.admin.saveFailed)}</Notice> : null}
    </form>
  );
}
