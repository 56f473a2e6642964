import { activateLocale, Banner, Button, rememberLocale, useLocale, useT } from '@waypoint/ui';
import { legalMessages } from './i18n/catalog';

/**
 * Shown at the top of a legal page in every language but English: the translation is for convenience and the
 * English text prevails. Its button switches the portal to English as the language picker does (kept for the
 * next visits too), and moves focus to the page's heading.
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
          onClick={(event) => {
            // The button goes with the notice: keyboard and screen reader focus moves to the page's heading.
            const heading = event.currentTarget.closest('article')?.querySelector('h1');
            rememberLocale('en');
            void activateLocale('en').then(() => {
              if (!heading) return;
              if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
              heading.focus();
            });
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
