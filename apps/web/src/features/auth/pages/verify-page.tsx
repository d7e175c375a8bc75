import { mailToken } from '@funkeln/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { meKey, useCurrentUser } from '../../../lib/current-user';
import { confirmVerification } from '../api';
import { AuthShell } from '../components/auth-shell';

interface Outcome {
  ok: boolean;
  message: string;
}

// Mail tokens are single use: StrictMode's second effect run (and any remount) reuses the first POST.
const confirmations = new Map<string, Promise<Outcome>>();

function confirmOnce(token: string): Promise<Outcome> {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = mailToken.safeParse(token).success
      ? confirmVerification(token).then(
          () => ({ ok: true, message: de.verify.ok }),
          (error: unknown) => ({ ok: false, message: errorMessage(error, de.verify.failed) }),
        )
      : Promise.resolve({ ok: false, message: de.verify.failed });
    confirmations.set(token, pending);
  }
  return pending;
}

export function VerifyPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const signedIn = useCurrentUser() !== null;
  const queryClient = useQueryClient();
  const [result, setResult] = useState<(Outcome & { token: string }) | null>(null);

  useEffect(() => {
    if (!token) return;
    let active = true;
    void confirmOnce(token).then((outcome) => {
      if (!active) return;
      setResult({ ...outcome, token });
      // A signed-in member's banner asking to confirm the address goes away.
      if (outcome.ok) void queryClient.invalidateQueries({ queryKey: meKey() });
    });
    return () => {
      active = false;
    };
  }, [token, queryClient]);

  let status;
  if (!token) status = <Notice tone="error">{de.verify.missing}</Notice>;
  else if (result?.token !== token) status = <Spinner label={de.verify.waiting} />;
  // The spec's sentence asks a visitor to log in; a signed-in member is not told to (issue 56, item 11).
  else status = <Notice tone={result.ok ? 'success' : 'error'}>{result.ok && signedIn ? de.verify.okSignedIn : result.message}</Notice>;

  return (
    <AuthShell title={de.verify.title}>
      <div className="token-status" aria-live="polite">
        {status}
      </div>
      {signedIn ? (
        <Link className="btn btn--primary btn--block" to="/discover">
          {de.verify.toApp}
        </Link>
      ) : (
        <Link className="btn btn--primary btn--block" to="/login">
          {de.verify.toLogin}
        </Link>
      )}
    </AuthShell>
  );
}
