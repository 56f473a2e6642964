import { Link } from '@waypoint/platform';

export function Footer() {
  return (
    <footer className="wp-footer">
      <div className="wp-container wp-footer__inner">
        <nav aria-label="Legal">
          <ul className="wp-footer__links">
            <li>
              <Link to="/terms">Terms</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy</Link>
            </li>
          </ul>
        </nav>
        <p className="wp-footer__notice">
          Waypoint is a private application service. It is not affiliated with the UK government, UK
          Visas and Immigration or the Home Office. You can also apply directly on GOV.UK and pay
          only the government fee.
        </p>
      </div>
    </footer>
  );
}
