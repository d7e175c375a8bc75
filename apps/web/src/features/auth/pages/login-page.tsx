import { INVALID_LOGIN_CODE, loginBody, oauthErrorMessages } from '@funkeln/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { de } from '../../../i18n/de';
import { errorCode, errorMessage } from '../../../lib/api-error';
import { setToken } from '../../../lib/token-storage';
import { exchangeLoginCode, login } from '../api';
import { AuthShell } from '../components/auth-shell';
import { OAuthButtons } from '../components/oauth-buttons';
import { UnverifiedHint } from '../components/unverified-hint';
import { flashOf } from '../flash';
import { loginFailure, type LoginFailure } from '../login-failure';
import { redirectTarget } from '../redirect-target';

type LoginInput = z.input<typeof loginBody>;
type LoginOutput = z.output<typeof loginBody>;

function oauthError(code: string | null): string | null {
  if (!code) return null;
  return Object.hasOwn(oauthErrorMessages, code)
    ? oauthErrorMessages[code as keyof typeof oauthErrorMessages]
    : de.login.oauthFailed;
}

/** A used, expired or malformed login code gets the contract's sentence; anything else the server's. */
function exchangeFailure(error: unknown): string {
  switch (errorCode(error)) {
    case 'invalid_login_code':
    case 'validation_error':
      return INVALID_LOGIN_CODE;
    default:
      return errorMessage(error, de.login.oauthFailed);
  }
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const loginCode = params.get('token');
  const exchanged = useRef<string | null>(null);
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const { register, handleSubmit, getValues, formState } = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  // Back from Google: the URL carries a one-time login code (never a session), traded once for a
  // session; the entry is replaced either way so the code leaves the address bar and history.
  useEffect(() => {
    if (!loginCode || exchanged.current === loginCode) return;
    exchanged.current = loginCode;
    exchangeLoginCode(loginCode).then(
      ({ token }) => {
        setToken(token);
        void navigate('/discover', { replace: true });
      },
      (error: unknown) => {
        const message = exchangeFailure(error);
        setFailure({ kind: 'error', message });
        void navigate('/login', { replace: true });
      },
    );
  }, [loginCode, navigate]);

  if (loginCode) return <Spinner label={de.login.exchanging} />;

  const onSubmit = async (values: LoginOutput) => {
    setFailure(null);
    try {
      const { token } = await login(values);
      setToken(token);
      await navigate(redirectTarget(location.state, params.get('next')), { replace: true });
    } catch (error) {
      setFailure(loginFailure(error));
    }
  };

  const oauthMessage = oauthError(params.get('error'));
  return (
    <AuthShell title={de.login.title} lead={de.login.lead}>
      {flashOf(location.state) === 'passwordChanged' ? <Notice tone="success">{de.reset.success}</Notice> : null}
      {oauthMessage ? <Notice tone="error">{oauthMessage}</Notice> : null}
      <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate>
        <TextField
          label={de.fields.email}
          type="email"
          autoComplete="username"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={de.fields.password}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="form__row form__row--end">
          <Link to="/forgot-password" className="link-subtle">
            {de.login.forgot}
          </Link>
        </div>
        {failure?.kind === 'error' ? <Notice tone="error">{failure.message}</Notice> : null}
        {failure?.kind === 'unverified' ? <UnverifiedHint getEmail={() => getValues('email')} /> : null}
        <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
          {isSubmitting ? de.login.submitting : de.login.submit}
        </button>
      </form>
      <p className="auth__switch">
        {de.login.noAccount} <Link to="/register">{de.login.toRegister}</Link>
      </p>
      <OAuthButtons withApple />
    </AuthShell>
  );
}
