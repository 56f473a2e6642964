import { Link } from '../router';

/** The page for an address that matches nothing, used by the shell and inside each remote's area. */
export function NotFoundPage() {
  return (
    <div className="wp-container wp-status-page">
      <title>Page not found – Waypoint</title>
      <h1>Page not found</h1>
      <p>
        If you typed the web address, check it is correct. If you pasted it, check you copied all of
        it.
      </p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  );
}
