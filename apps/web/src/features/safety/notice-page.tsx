import { email as emailSchema } from '@funkeln/contracts/auth';
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { emptyReportFields, ReportFields, readyReport } from '../../components/ui/report-fields';
import { TextField } from '../../components/ui/text-field';
import { de } from '../../i18n/de';
import { errorMessage } from '../../lib/api-error';
import { useToken } from '../../lib/token-storage';
import { sendNotice } from './api';
import '../../styles/settings.css';

/**
 * 'Inhalt melden' (/report/:memberId, linked from the share page): anyone reports a member's profile
 * or photo (DSA Art. 16), with or without an account; the receipt shows at once.
 */
export function NoticePage() {
  const { memberId = '' } = useParams();
  const signedIn = useToken() !== null;
  const titleId = useId();
  const [kind, setKind] = useState<'profile' | 'photo'>('profile');
  const [fields, setFields] = useState(emptyReportFields);
  const [email, setEmail] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<string | null>(null);
  const emailError = emailTouched && email && !emailSchema.safeParse(email).success ? de.notice.emailInvalid : undefined;
  const ready = readyReport(fields, true);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setEmailTouched(true);
    if (!ready || (email && !emailSchema.safeParse(email).success)) return;
    setPending(true);
    setError(null);
    try {
      setReceipt((await sendNotice({ kind, memberId }, ready, signedIn ? '' : email.trim())).message);
    } catch (failure) {
      setError(errorMessage(failure, de.report.failed));
    } finally {
      setPending(false);
    }
  };

  if (receipt) {
    return (
      <section className="page page--narrow settings-page" aria-labelledby={titleId}>
        <PageHeader titleId={titleId} title={de.notice.received} />
        <Notice tone="success">{receipt}</Notice>
        <p>
          <Link to="/" className="btn btn--secondary">
            {de.notice.back}
          </Link>
        </p>
      </section>
    );
  }

  return (
    <section className="page page--narrow settings-page" aria-labelledby={titleId}>
      <PageHeader titleId={titleId} title={de.notice.title} lead={de.notice.lead} />
      <form className="card report-dialog__form notice-form" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="field report-fields__category">
          <legend className="field__label">{de.notice.what}</legend>
          {(['profile', 'photo'] as const).map((k) => (
            <label key={k} className="report-dialog__check">
              <input type="radio" name="notice-kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
              {k === 'profile' ? de.notice.whatProfile : de.notice.whatPhoto}
            </label>
          ))}
        </fieldset>
        <ReportFields value={fields} onChange={setFields} />
        {signedIn ? (
          <p className="muted">{de.notice.signedIn}</p>
        ) : (
          <TextField label={de.notice.email} type="email" autoComplete="email" value={email} hint={de.notice.emailHint} error={emailError} onBlur={() => setEmailTouched(true)} onChange={(e) => setEmail(e.target.value)} />
        )}
        {error ? <Notice tone="error">{error}</Notice> : null}
        <button type="submit" className="btn btn--danger" disabled={pending || !ready || Boolean(emailError)}>
          {pending ? de.report.sending : de.report.send}
        </button>
      </form>
    </section>
  );
}
