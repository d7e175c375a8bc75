import { Link } from 'react-router';
import { de } from '../../../i18n/de-shell';
import { HeroVisual } from './hero-visual';
import { OnlineCounter } from './online-counter';

interface HeroProps {
  /** A signed-in member goes on to the app instead of being asked to register or log in. */
  signedIn: boolean;
}

export function Hero({ signedIn }: HeroProps) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__orbs" aria-hidden="true">
        <span className="hero__orb hero__orb--one" />
        <span className="hero__orb hero__orb--two" />
      </div>
      <div className="hero__copy">
        <p className="eyebrow">{de.landing.eyebrow}</p>
        <h1 id="hero-title" className="hero__title">
          {de.landing.title} <span className="text-gradient">{de.landing.titleHighlight}</span>
        </h1>
        <p className="hero__lead">{de.landing.lead}</p>
        <div className="hero__actions">
          {signedIn ? (
            <Link className="btn btn--primary btn--large" to="/discover">
              {de.landing.ctaMember}
            </Link>
          ) : (
            <>
              <Link className="btn btn--primary btn--large" to="/register">
                {de.landing.cta}
              </Link>
              <Link className="btn btn--ghost btn--large" to="/login">
                {de.landing.secondary}
              </Link>
            </>
          )}
        </div>
        <OnlineCounter />
      </div>
      <HeroVisual />
    </section>
  );
}
