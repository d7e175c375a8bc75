import { de } from '../../../i18n/de-shell';
import { FEATURE_ICONS } from './feature-icons';

export function FeatureGrid() {
  return (
    <section className="features" aria-labelledby="features-title">
      <div className="section-head">
        <h2 id="features-title">{de.landing.featuresTitle}</h2>
        <p className="muted">{de.landing.featuresLead}</p>
      </div>
      <ul className="features__list" data-testid="selling-points">
        {de.landing.features.map((feature, index) => (
          <li key={feature.title} className="feature card">
            <span className="feature__icon" aria-hidden="true">
              {FEATURE_ICONS[index]}
            </span>
            <h3 className="feature__title">{feature.title}</h3>
            <p className="feature__text">{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
