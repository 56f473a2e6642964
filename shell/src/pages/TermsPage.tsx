import { Link } from '@waypoint/platform';
import { rich, useT } from '@waypoint/ui';
import { legalMessages } from './legal/i18n/catalog';
import { supportEmail } from './help/support';
import { TranslationNotice } from './legal/TranslationNotice';

const strong = (text: string) => <strong>{text}</strong>;

export function TermsPage() {
  const t = useT(legalMessages);
  return (
    <div className="wp-container">
      <title>{t('terms.title')}</title>
      <article className="wp-prose">
        <h1>{t('terms.heading')}</h1>
        <TranslationNotice />
        <p className="wp-lead">{t('terms.lead')}</p>

        <h2>{t('terms.who.heading')}</h2>
        <p>{t('terms.who.text')}</p>

        <h2>{t('terms.what.heading')}</h2>
        <ul>
          <li>{t('terms.what.guide')}</li>
          <li>{t('terms.what.documents')}</li>
          <li>{t('terms.what.submit')}</li>
        </ul>
        <p>{t('terms.what.decision')}</p>

        <h2>{t('terms.fees.heading')}</h2>
        <p>{t('terms.fees.intro')}</p>
        <ul>
          <li>{rich(t('terms.fees.government'), { strong })}</li>
          <li>{rich(t('terms.fees.service'), { strong })}</li>
        </ul>
        <p>{t('terms.fees.prices')}</p>

        <h2>{t('terms.processing.heading')}</h2>
        <p>{rich(t('terms.processing.text'), { em: (text) => <em>{text}</em> })}</p>

        <h2 id="refunds">{t('terms.refunds.heading')}</h2>
        <ul>
          <li>{t('terms.refunds.beforeSubmission')}</li>
          <li>{t('terms.refunds.afterSubmission')}</li>
        </ul>
        <p>{t('terms.refunds.contact', { email: supportEmail() })}</p>

        <h2>{t('terms.responsibilities.heading')}</h2>
        <p>{t('terms.responsibilities.text')}</p>

        <h2>{t('terms.data.heading')}</h2>
        <p>{rich(t('terms.data.text'), { link: (text) => <Link to="/privacy">{text}</Link> })}</p>

        <h2>{t('terms.law.heading')}</h2>
        <p>{t('terms.law.text')}</p>
      </article>
    </div>
  );
}
