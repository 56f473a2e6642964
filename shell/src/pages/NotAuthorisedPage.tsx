import { Link } from '@waypoint/platform';

export function NotAuthorisedPage() {
  return (
    <div className="wp-container wp-status-page">
      <title>Not authorised – Waypoint</title>
      <h1>You are not authorised to see this page</h1>
      <p>
        This area is for Waypoint staff. If you think you should have access, ask your
        administrator.
      </p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  );
}
