import { useEffect, useRef } from 'react';
import { Link } from '@waypoint/platform';
import { Button } from '@waypoint/ui';

/** Shown in place of an area of the site that could not be downloaded or failed while showing. */
export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className="wp-container wp-status-page" role="alert">
      <h1 ref={headingRef} tabIndex={-1}>
        This part of the site could not be loaded.
      </h1>
      <p>
        Check your internet connection and try again. The rest of Waypoint still works, and anything
        you saved is safe.
      </p>
      <div className="wp-actions">
        <Button onClick={onRetry}>Try again</Button>
        <Link className="wp-button wp-button--secondary wp-button--medium" to="/">
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
