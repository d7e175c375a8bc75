import { emailBody } from '@funkeln/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { de } from '../../../i18n/de';
import { requestPasswordReset } from '../api';
import { AuthShell } from '../components/auth-shell';

type EmailInput = z.input<typeof emailBody>;
type EmailOutput = z.output<typeof emailBody>;

export function ForgotPasswordPage() {
  const [done, setDone] = useState(false);
  const { register, handleSubmit, formState } = useForm<EmailInput, unknown, EmailOutput>({
    resolver: zodResolver(emailBody),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = formState;

  // The answer never reveals whether an account exists, so neither does the page.
  const onSubmit = async ({ email }: EmailOutput) => {
    try {
      await requestPasswordReset(email);
    } catch {
      // Same note on failure, by design.
    }
    setDone(true);
  };

  return (
    <AuthShell
      title={de.forgot.title}
      lead={done ? undefined : de.forgot.lead}
      footer={<Link to="/login">{de.forgot.toLogin}</Link>}
    >
      {done ? (
        <Notice tone="success" testId="forgot-done">
          {de.forgot.done}
        </Notice>
      ) : (
        <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate>
          <TextField
            label={de.fields.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
            {isSubmitting ? de.forgot.submitting : de.forgot.submit}
          </button>
        </form>
      )}
    </AuthShell>
  );
}
