import { useEffect, useRef } from 'react';
import { Link } from '@waypoint/platform';
import { Button, useT } from '@waypoint/ui';
import { shellMessages } from '../i18n/catalog';

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
  const t = useT(shellMessages);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className="wp-container wp-status-page" role="alert">
      <h1 ref={headingRef} tabIndex={-1}>
        {updating ? t('unavailable.updatingHeading') : t('unavailable.failedHeading')}
      </h1>
      <p>
        {updating ? t('unavailable.updatingText') : t('unavailable.failedText')}{' '}
        {t('unavailable.safe')}
      </p>
      <div className="wp-actions">
        <Button onClick={onRetry}>{t('unavailable.tryAgain')}</Button>
        <Link className="wp-button wp-button--secondary wp-button--medium" to="/">
          {t('goHome')}
        </Link>
      </div>
    </div>
  );
}
