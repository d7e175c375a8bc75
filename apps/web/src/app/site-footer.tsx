import { Link } from 'react-router';
import { de } from '../i18n/de-shell';

export function SiteFooter() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <p className="footer__brand">
          <span>{de.footer.copyright(new Date().getFullYear())}</span>
          <span className="footer__tagline muted">{de.footer.tagline}</span>
        </p>
        <nav aria-label={de.footer.label}>
          <ul className="footer__links">
            <li>
              <Link to="/impressum">{de.footer.imprint}</Link>
            </li>
            <li>
              <Link to="/datenschutz">{de.footer.privacy}</Link>
            </li>
            <li>
              <Link to="/agb">{de.footer.terms}</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
