import { useEffect, useRef } from 'react';
import { Link } from '@waypoint/platform';
import { Button } from '@waypoint/ui';

/**
 * Shown in place of an area of the site that could not be downloaded or failed while showing. `updating`: the area
 * was released for a newer portal than the one running (a version conflict), which passes once both are out.
 */
export function RemoteUnavailable({
  onRetry,
  updating = false,
}: {
  onRetry: () => void;
  updating?: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className="wp-container wp-status-page" role="alert">
      <h1 ref={headingRef} tabIndex={-1}>
        {updating
          ? 'This part of the site is being updated.'
          : 'This part of the site could not be loaded.'}
      </h1>
      <p>
        {updating
          ? 'A new version is on its way: please try again in a few minutes.'
          : 'Check your internet connection and try again.'}{' '}
        The rest of Waypoint still works, and anything you saved is safe.
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
