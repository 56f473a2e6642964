import { activateLocale, Banner, Button, rememberLocale, useLocale, useT } from '@waypoint/ui';
import { legalMessages } from './i18n/catalog';

/**
 * Shown at the top of a legal page in every language but English: the translation is for convenience and the
 * English text prevails. Its button switches the portal to English as the language picker does (kept for the
 * next visits too).
 */
export function TranslationNotice() {
  const t = useT(legalMessages);
  const locale = useLocale();
  if (locale === 'en') return null;
  return (
    <Banner
      tone="info"
      title={t('notice.title')}
      actions={
        <Button
          variant="secondary"
          size="small"
          onClick={() => {
            rememberLocale('en');
            void activateLocale('en');
          }}
        >
          {t('notice.readEnglish')}
        </Button>
      }
    >
      <p>{t('notice.text')}</p>
    </Banner>
  );
}
