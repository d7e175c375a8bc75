import { Link } from 'react-router';
import { de } from '../../i18n/de-shell';
import { useCurrentUser } from '../../lib/current-user';
import { FeatureGrid } from './components/feature-grid';
import { Hero } from './components/hero';

export function LandingPage() {
  const signedIn = useCurrentUser() !== null;
  return (
    <div className="landing">
      <Hero signedIn={signedIn} />
      <FeatureGrid />
      {signedIn ? null : (
        <section className="cta-band" aria-labelledby="cta-band-title">
          <h2 id="cta-band-title">{de.landing.ctaBandTitle}</h2>
          <p>{de.landing.ctaBandText}</p>
          <Link className="btn btn--light btn--large" to="/register">
            {de.landing.ctaBandButton}
          </Link>
        </section>
      )}
    </div>
  );
}
