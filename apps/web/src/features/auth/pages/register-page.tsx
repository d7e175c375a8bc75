import { registerBody } from '@funkeln/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Notice } from '../../../components/ui/notice';
import { PasswordStrength } from '../../../components/ui/password-strength';
import { TextField } from '../../../components/ui/text-field';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { setToken } from '../../../lib/token-storage';
import { register as registerAccount, startVerification } from '../api';
import { AuthShell } from '../components/auth-shell';
import { OAuthButtons } from '../components/oauth-buttons';
import { TermsNote } from '../components/terms-note';

type RegisterInput = z.input<typeof registerBody>;
type RegisterOutput = z.output<typeof registerBody>;

export function RegisterPage() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, control, formState } = useForm<RegisterInput, unknown, RegisterOutput>({
    resolver: zodResolver(registerBody),
    defaultValues: { displayName: '', email: '', password: '' },
  });
  const [displayName, email, password] = useWatch({ control, name: ['displayName', 'email', 'password'] });
  const { errors, isSubmitting } = formState;

  const onSubmit = async (values: RegisterOutput) => {
    setFailure(null);
    try {
      const { token } = await registerAccount(values);
      setToken(token);
      await startVerification().catch(() => undefined);
      await navigate('/onboarding');
    } catch (error) {
      setFailure(errorMessage(error, de.register.failed));
    }
  };

  return (
    <AuthShell title={de.register.title} lead={de.register.lead}>
      <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate>
        <TextField
          label={de.fields.displayName}
          autoComplete="nickname"
          error={errors.displayName?.message}
          {...register('displayName')}
        />
        <TextField
          label={de.fields.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={de.fields.password}
          type="password"
          autoComplete="new-password"
          hint={de.register.passwordHint}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordStrength password={password} personal={[email, displayName]} />
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
          {isSubmitting ? de.register.submitting : de.register.submit}
        </button>
        <TermsNote via="form" />
      </form>
      <p className="auth__switch">
        {de.register.haveAccount} <Link to="/login">{de.register.toLogin}</Link>
      </p>
      <OAuthButtons />
    </AuthShell>
  );
}
