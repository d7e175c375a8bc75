import { Link } from 'react-router';
import { de } from '../../../i18n/de';

/** Issue 56 item 17: a visitor without a session learns what the Digital Friend is and why an account, not a bare login form. */
export function CompanionIntro() {
  const t = de.companion.intro;
  return (
    <section className="page companion-page companion-intro" aria-labelledby="companion-title">
      <h1 id="companion-title">{de.companion.title}</h1>
      <p className="notice notice--info" data-testid="companion-disclosure">
        {de.companion.isAi}
      </p>
      <p>{t.lead}</p>
      <ul className="companion-intro__points">
        {t.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <h2>{t.whyTitle}</h2>
      <p>{t.why}</p>
      <p className="companion-intro__actions">
        <Link className="btn btn--primary" to="/register">
          {t.register}
        </Link>
        <Link className="btn btn--ghost" to="/login?next=/digital-friend">
          {t.login}
        </Link>
      </p>
    </section>
  );
}
