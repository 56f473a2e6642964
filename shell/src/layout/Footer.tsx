import { Link } from '@waypoint/platform';
import { useT } from '@waypoint/ui';
import { shellMessages } from '../i18n/catalog';
import { LanguagePicker } from './LanguagePicker';

export function Footer() {
  const t = useT(shellMessages);
  return (
    <footer className="wp-footer">
      <div className="wp-container wp-footer__inner">
        <nav aria-label={t('footer.legalNav')}>
          <ul className="wp-footer__links">
            <li>
              <Link to="/terms">{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to="/privacy">{t('footer.privacy')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.helpNav')}>
          <ul className="wp-footer__links">
            <li>
              <Link to="/help">{t('footer.help')}</Link>
            </li>
            <li>
              <Link to="/contact">{t('footer.contact')}</Link>
            </li>
          </ul>
        </nav>
        <LanguagePicker id="footer-language" />
        <p className="wp-footer__notice">{t('footer.notice')}</p>
      </div>
    </footer>
  );
}
