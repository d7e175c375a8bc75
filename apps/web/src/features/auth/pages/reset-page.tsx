import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { PasswordStrength } from '../../../components/ui/password-strength';
import { TextField } from '../../../components/ui/text-field';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { confirmPasswordReset } from '../api';
import { AuthShell } from '../components/auth-shell';
import { withFlash } from '../flash';

interface ResetValues {
  newPassword: string;
  confirmPassword: string;
}

export function ResetPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, control, formState } = useForm<ResetValues>({
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const [newPassword, confirmPassword] = useWatch({ control, name: ['newPassword', 'confirmPassword'] });
  const mismatch = newPassword !== confirmPassword;

  if (!token) {
    return (
      <AuthShell title={de.reset.title} footer={<Link to="/forgot-password">{de.reset.toForgot}</Link>}>
        <Notice tone="error">{de.reset.missing}</Notice>
      </AuthShell>
    );
  }

  const onSubmit = async (values: ResetValues) => {
    setFailure(null);
    try {
      await confirmPasswordReset({ token, newPassword: values.newPassword });
      // The login page confirms the change inline (no native alert, which screen readers may miss).
      await navigate('/login', { state: withFlash('passwordChanged') });
    } catch (error) {
      setFailure(errorMessage(error, de.reset.failed));
    }
  };

  return (
    <AuthShell title={de.reset.title} lead={de.reset.lead}>
      <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate>
        <TextField label={de.fields.newPassword} type="password" autoComplete="new-password" {...register('newPassword')} />
        <PasswordStrength password={newPassword} />
        <TextField
          label={de.fields.confirmPassword}
          type="password"
          autoComplete="new-password"
          error={mismatch ? de.reset.mismatch : undefined}
          {...register('confirmPassword')}
        />
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <button type="submit" className="btn btn--primary btn--block" disabled={mismatch || formState.isSubmitting}>
          {formState.isSubmitting ? de.reset.submitting : de.reset.submit}
        </button>
      </form>
    </AuthShell>
  );
}
