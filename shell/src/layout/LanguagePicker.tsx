import { LOCALE_NAMES, LOCALES, isLocale } from '@waypoint/contracts';
import { saveLocale, useAppDispatch } from '@waypoint/platform';
import { activateLocale, rememberLocale, useLocale, useT } from '@waypoint/ui';
import { shellMessages } from '../i18n/catalog';

/**
 * The language picker of the header, the footer and the mobile menu: each language named in itself. A choice
 * applies at once (the page re-renders in it, `<html lang dir>` follows) and is kept for the next visits, and in
 * the profile of a signed-in traveller (their e-mails are written in it).
 */
export function LanguagePicker({ id, compact = false }: { id: string; compact?: boolean }) {
  const t = useT(shellMessages);
  const locale = useLocale();
  const dispatch = useAppDispatch();
  return (
    <div className={compact ? 'wp-language wp-language--compact' : 'wp-language'}>
      <label htmlFor={id} className={compact ? 'wp-visually-hidden' : 'wp-language__label'}>
        {t('language.label')}
      </label>
      <select
        id={id}
        className="wp-language__select"
        value={locale}
        title={t('language.choose')}
        onChange={(event) => {
          const chosen = event.target.value;
          if (!isLocale(chosen)) return;
          rememberLocale(chosen);
          void activateLocale(chosen);
          dispatch(saveLocale(chosen));
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
