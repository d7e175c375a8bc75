import { Link } from 'react-router';
import { de } from '../../i18n/de';

interface ComingSoonProps {
  title: string;
}

/** Placeholder for features that arrive in later releases; the route and its guard already work. */
export function ComingSoon({ title }: ComingSoonProps) {
  return (
    <section className="page page--narrow coming-soon" aria-labelledby="coming-soon-title">
      <div className="coming-soon__badge" aria-hidden="true">
        <svg viewBox="0 0 24 24" focusable="false">
          <path d="M12 21s-7.5-4.4-7.5-10.2A4.3 4.3 0 0 1 12 8a4.3 4.3 0 0 1 7.5 2.8C19.5 16.6 12 21 12 21z" />
        </svg>
      </div>
      <h1 id="coming-soon-title">{title}</h1>
      <p className="muted">{de.common.comingSoon}</p>
      <Link className="btn btn--ghost" to="/">
        {de.common.backHome}
      </Link>
    </section>
  );
}
