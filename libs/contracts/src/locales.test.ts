import {
  cookieLocale,
  directionOf,
  LOCALE_COOKIE,
  LOCALES,
  negotiateLocale,
  preferredLocale,
} from './locales';

describe('choosing the language of a visit', () => {
  it('follows the browser: the highest-weighted language the portal speaks, regional variants included', () => {
    expect(preferredLocale('de-CH, fr;q=0.8, en;q=0.5')).toBe('de');
    expect(preferredLocale('ja, fr-CA;q=0.9, en;q=0.8')).toBe('fr');
    expect(preferredLocale('en;q=0.2, ar-EG;q=0.9')).toBe('ar');
    expect(preferredLocale('es-419')).toBe('es');
    expect(preferredLocale('ja, zh;q=0.9')).toBeNull();
    expect(preferredLocale('fr;q=0, de;q=abc')).toBeNull();
    expect(preferredLocale('')).toBeNull();
    expect(preferredLocale(undefined)).toBeNull();
  });

  it('keeps the chosen language over the browser, and ignores a cookie naming no language of the portal', () => {
    expect(cookieLocale(`a=1; ${LOCALE_COOKIE}=ar; b=2`)).toBe('ar');
    expect(cookieLocale(`${LOCALE_COOKIE}=xx`)).toBeNull();
    expect(negotiateLocale({ cookie: `${LOCALE_COOKIE}=es`, acceptLanguage: 'de' })).toBe('es');
    expect(negotiateLocale({ cookie: `${LOCALE_COOKIE}=<script>`, acceptLanguage: 'de' })).toBe(
      'de',
    );
    expect(negotiateLocale({ acceptLanguage: 'ja' })).toBe('en');
    expect(negotiateLocale({})).toBe('en');
  });

  it('writes Arabic right to left and every other language left to right', () => {
    expect(LOCALES.filter((locale) => directionOf(locale) === 'rtl')).toEqual(['ar']);
  });
});
