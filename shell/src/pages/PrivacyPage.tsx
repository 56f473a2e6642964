import { rich, useT } from '@waypoint/ui';
import { legalMessages } from './legal/i18n/catalog';
import { TranslationNotice } from './legal/TranslationNotice';

const PRIVACY_EMAIL = 'privacy@waypoint.example';

const strong = (text: string) => <strong>{text}</strong>;
// An address reads left to right in every language (`dir` keeps an Arabic sentence's full stop after it).
const mail = (text: string) => (
  <a href={`mailto:${PRIVACY_EMAIL}`} dir="ltr">
    {text}
  </a>
);

/** What the privacy notice lists, in order: the data kept, its uses, how long it is kept, the rights over it. */
const KEPT = ['identity', 'passport', 'photos', 'contact', 'payment', 'answers'] as const;
const USES = ['application', 'payment', 'fraud'] as const;
const RETENTION = ['documents', 'records', 'account'] as const;
/** Downloading and deleting your data yourself, from the profile page. */
const SELF_SERVICE = ['export', 'delete', 'kept', 'audit'] as const;
const RIGHTS = ['access', 'rectification', 'erasure', 'restriction', 'portability'] as const;

export function PrivacyPage() {
  const t = useT(legalMessages);
  return (
    <div className="wp-container">
      <title>{t('privacy.title')}</title>
      <article className="wp-prose">
        <h1>{t('privacy.heading')}</h1>
        <TranslationNotice />
        <p className="wp-lead">{t('privacy.lead')}</p>

        <h2>{t('privacy.controller.heading')}</h2>
        <p>{rich(t('privacy.controller.text', { email: PRIVACY_EMAIL }), { mail })}</p>

        <h2>{t('privacy.keep.heading')}</h2>
        <ul>
          {KEPT.map((item) => (
            <li key={item}>{rich(t(`privacy.keep.${item}`), { strong })}</li>
          ))}
        </ul>

        <h2>{t('privacy.use.heading')}</h2>
        <ul>
          {USES.map((use) => (
            <li key={use}>{t(`privacy.use.${use}`)}</li>
          ))}
        </ul>
        <p>{t('privacy.use.sharing')}</p>

        <h2>{t('privacy.retention.heading')}</h2>
        <ul>
          {RETENTION.map((rule) => (
            <li key={rule}>{t(`privacy.retention.${rule}`)}</li>
          ))}
        </ul>

        <h2>{t('privacy.self.heading')}</h2>
        <ul>
          {SELF_SERVICE.map((item) => (
            <li key={item}>{rich(t(`privacy.self.${item}`), { strong })}</li>
          ))}
        </ul>

        <h2>{t('privacy.rights.heading')}</h2>
        <p>{t('privacy.rights.intro')}</p>
        <ul>
          {RIGHTS.map((right) => (
            <li key={right}>{t(`privacy.rights.${right}`)}</li>
          ))}
        </ul>
        <p>{rich(t('privacy.rights.contact', { email: PRIVACY_EMAIL }), { mail })}</p>

        <h2>{t('privacy.cookies.heading')}</h2>
        <p>{t('privacy.cookies.text')}</p>
      </article>
    </div>
  );
}
