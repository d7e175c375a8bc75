import { Link } from 'react-router';
import { de } from '../i18n/de';

export function NotFoundPage() {
  return (
    <section className="page page--narrow not-found" aria-labelledby="not-found-title">
      <p className="not-found__code text-gradient" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{de.notFound.title}</h1>
      <p className="muted">{de.notFound.text}</p>
      <Link className="btn btn--primary" to="/">
        {de.common.backHome}
      </Link>
    </section>
  );
}
