import { usePageConfig, useSiteSettings } from '../../config';
import { PhoneLink } from '../PhoneLink/PhoneLink';

export function Footer() {
  const { productName } = useSiteSettings();
  const { links } = usePageConfig();
  return (
    <footer className="site-footer">
      <div className="container">
        <p className="site-footer__eligibility">
          <span className="age-badge" aria-hidden="true">
            18+
          </span>
          <span>Players must be 18 or over and physically located in the UK or Isle of Man.</span>
        </p>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <a href={links.responsiblePlay}>Play responsibly</a>
            </li>
            <li>
              <a href={links.help}>Help</a>
            </li>
            <li>
              <a href={links.terms}>Terms and conditions</a>
            </li>
            <li>
              <a href={links.privacy}>Privacy</a>
            </li>
            <li>
              <a href={links.accessibility}>Accessibility</a>
            </li>
          </ul>
        </nav>
        <p>
          Customer Care: <PhoneLink />
        </p>
        <p>{`Thank you for playing ${productName}. Every ticket bought helps raise money for good causes.`}</p>
        <p>
          <a href={links.feedback}>Tell us what you think of this service</a> (your feedback helps
          us improve it).
        </p>
        <ul className="site-footer__apps" aria-label="Get the app">
          <li>
            <a className="app-link" href={links.appStore}>
              Download on the App Store
            </a>
          </li>
          <li>
            <a className="app-link" href={links.googlePlay}>
              Get it on Google Play
            </a>
          </li>
        </ul>
      </div>
    </footer>
  );
}
