import { changePasswordBody } from '@funkeln/contracts/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Notice } from '../../../components/ui/notice';
import { PasswordStrength } from '../../../components/ui/password-strength';
import { TextField } from '../../../components/ui/text-field';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/current-user';
import { useChangePassword } from '../api';

type PasswordValues = z.input<typeof changePasswordBody>;

export function PasswordForm() {
  const change = useChangePassword();
  const { register, handleSubmit, reset, control, formState } = useForm<PasswordValues>({
    resolver: zodResolver(changePasswordBody),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const newPassword = useWatch({ control, name: 'newPassword' });
  const me = useCurrentUser();
  const submit = handleSubmit((values) => change.mutate(values, { onSuccess: () => reset() }));
  return (
    <form className="card settings-section" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="settings-password">
      <h2 id="settings-password" className="settings-section__title">
        {de.settings.password}
      </h2>
      <TextField
        label={de.settings.currentPassword}
        type="password"
        autoComplete="current-password"
        error={formState.errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label={de.settings.newPassword}
        type="password"
        autoComplete="new-password"
        hint={de.settings.newPasswordHint}
        error={formState.errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordStrength password={newPassword} personal={me ? [me.email, me.display_name] : []} />
      <div className="settings-actions">
        <button type="submit" className="btn btn--secondary" disabled={change.isPending}>
          {change.isPending ? de.settings.passwordSaving : de.settings.password}
        </button>
      </div>
      {change.isSuccess ? <Notice tone="success">{change.data.message}</Notice> : null}
      {change.isError ? <Notice tone="error">{errorMessage(change.error, de.settings.passwordFailed)}</Notice> : null}
    </form>
  );
}
