import type { ApiMessageKey } from '@waypoint/contracts';
import { translateMessage } from '@waypoint/platform/i18n';
import { useT } from '@waypoint/ui';
import { shellMessages } from '../i18n/catalog';
import { BrandName } from '../layout/BrandName';

/**
 * The page a browser gets instead of the page it asked for while the server cannot take new work (busy, restarting,
 * its records out of reach): `messageKey` says which. Written at build time in every language and sent by the
 * server with 503 and Retry-After; it runs no script, so everything on it works as plain HTML: the brand and home
 * links, and Try again, a link to the address the browser asked for (the page's own, whatever it is). The server
 * adds the refresh that tries again by itself.
 */
export function ServiceBusyPage({ messageKey }: { messageKey: ApiMessageKey }) {
  const t = useT(shellMessages);
  return (
    <div className="wp-app">
      <title>{t('busy.title')}</title>
      <header className="wp-header">
        <div className="wp-container wp-header__inner">
          <a href="/" className="wp-brand">
            <BrandName />
          </a>
        </div>
      </header>
      <main id="main" className="wp-main">
        <div className="wp-container wp-status-page">
          <h1>{t('busy.heading')}</h1>
          <p>{translateMessage({ key: messageKey })}</p>
          <p>{t('busy.retrying')}</p>
          <div className="wp-actions">
            {/* An empty address is the page's own: the address the browser asked for, query included. */}
            <a className="wp-button wp-button--primary wp-button--medium" href="">
              {t('unavailable.tryAgain')}
            </a>
            <a className="wp-button wp-button--secondary wp-button--medium" href="/">
              {t('goHome')}
            </a>
          </div>
        </div>
      </main>
    </div>
  );
}
