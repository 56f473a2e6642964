import { Link } from '@waypoint/platform';
import { useT } from '@waypoint/ui';
import { shellMessages } from '../i18n/catalog';

export function NotAuthorisedPage() {
  const t = useT(shellMessages);
  return (
    <div className="wp-container wp-status-page">
      <title>{t('notAuthorised.title')}</title>
      <h1>{t('notAuthorised.heading')}</h1>
      <p>{t('notAuthorised.text')}</p>
      <p>
        <Link to="/">{t('goHome')}</Link>
      </p>
    </div>
  );
}
