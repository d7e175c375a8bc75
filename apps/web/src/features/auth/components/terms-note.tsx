import { Link } from 'react-router';
import { de } from '../../../i18n/de';

/**
 * That the AGB apply to the account about to be made (§ 305 (2) BGB: a clear reference and the
 * chance to read them), beside the button that makes it. The links open a new tab, so the form
 * keeps what she typed.
 */
export function TermsNote({ via }: { via: 'form' | 'google' }) {
  const t = de.terms;
  return (
    <p className="auth__terms muted" data-testid={`terms-note-${via}`}>
      {via === 'form' ? t.registerBefore : t.googleBefore}
      <Link to="/agb" target="_blank" rel="noopener">
        {t.link}
      </Link>
      {t.after}
      <Link to="/datenschutz" target="_blank" rel="noopener">
        {t.privacyLink}
      </Link>
      .
    </p>
  );
}
