import { Link } from 'react-router';
import { de } from '../../../i18n/de';

/** Where the member lands after deleting the account (a visitor route: the session is gone). */
export const GOODBYE_PATH = '/auf-wiedersehen';

export function GoodbyePage() {
  return (
    <section className="page page--narrow not-found" aria-labelledby="goodbye-title">
      <h1 id="goodbye-title">{de.goodbye.title}</h1>
      <p className="muted" role="status">
        {de.goodbye.text}
      </p>
      <Link className="btn btn--primary" to="/">
        {de.common.backHome}
      </Link>
    </section>
  );
}
