import type { Page } from '@playwright/test';

/**
 * Finds the texts of a page of the pseudo-locale build (libs/platform/webpack/pseudo-locale.cjs) that did not go
 * through a message catalog: every catalog message shows there as `⟦Áþþĺý Ñóŵ⟧`, with no Latin letter left, so a
 * visible text with a Latin word outside ⟦…⟧ is English that a French or Arabic reader would see too.
 *
 * What is looked at: every visible text node (screen-reader-only texts included: they are drawn, only clipped),
 * the options of a visible list, the page's title, and the `aria-label`, `aria-roledescription`,
 * `aria-valuetext`, `title`, `alt` and `placeholder` of visible elements.
 *
 * What is data, not a text to translate (the rule):
 * - anything inside an element marked `translate="no"` or carrying a `lang` of its own (a language's name in
 *   itself in the picker, a quoted text in another language);
 * - the values the test typed and the person's or the order's data the API returned (names, e-mail addresses,
 *   references, passport numbers, addresses: see {@link DATA_KEY}), and any e-mail address;
 * - what `Intl` writes in the page's language: month and day names, "today"/"tomorrow", country names (the
 *   portal's dates and country names come from `Intl`, see libs/ui/src/i18n/format.ts), and a country's code
 *   in brackets beside its name or dialling code (`+44 (GB)`);
 * - brand names (Waypoint and the card brands) and the first names signing the home page's sample reviews.
 * Everything else with a Latin word of two letters or more is reported.
 */

/** Brand names, never translated. */
export const BRANDS = [
  'Waypoint',
  'Visa',
  'VISA',
  'Mastercard',
  'American Express',
  'AMEX',
  'WhatsApp',
] as const;

/**
 * Keys of API replies whose string values are a person's or an order's data: a person's names (`firstName`,
 * `applicantName`, …), e-mail addresses, references, passport numbers, addresses and phone numbers.
 */
export const DATA_KEY =
  /^(?:[a-z]*Name|email|[a-z]*Email|reference|[a-z]*Reference|passportNumber|number|address|[a-z]*Address|line1|line2|city|cityTown|postalCode|postcode|phone|phoneNumber|employer|jobTitle|occupation|[a-z]*Id)$/;

/** Names of things of the product (a visa type, a processing option, a country, a status), not of a person. */
const PRODUCT_NAME =
  /^(?:visaType|country|countries|option|processing|status|state|section|document)/i;

export interface UntranslatedText {
  /** Where it was found: `text`, `title`, `option`, `[aria-label]` … */
  where: string;
  /** The whole text or attribute value. */
  text: string;
}

/**
 * Collects the data values of every JSON reply of the portal's API the page gets from now on (see DATA_KEY), for
 * {@link findUntranslated}.
 */
export function recordApiData(page: Page): Set<string> {
  const values = new Set<string>();
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      if (value.trim() && DATA_KEY.test(key) && !PRODUCT_NAME.test(key)) values.add(value.trim());
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, key);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, k);
    }
  };
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return;
    response
      .json()
      .then((body: unknown) => walk(body, ''))
      .catch(() => undefined);
  });
  return values;
}

/**
 * The texts of the page as it is now that are not pseudo-localized and not data (see the rule above).
 * `data`: what the test typed and the API's data (recordApiData).
 */
export async function findUntranslated(
  page: Page,
  data: Iterable<string>,
): Promise<UntranslatedText[]> {
  const exempt = [...BRANDS, ...data].filter((value) => value.trim().length > 0);
  return page.evaluate((typedAndData: string[]) => {
    const lang = document.documentElement.lang || 'en';

    // What Intl writes in the page's language.
    const phrases = new Set<string>(typedAndData);
    const add = (text: string | undefined) => {
      if (!text) return;
      phrases.add(text);
      phrases.add(text.charAt(0).toUpperCase() + text.slice(1));
    };
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(Date.UTC(2024, month, 15));
      for (const style of ['long', 'short'] as const) {
        add(new Intl.DateTimeFormat(lang, { month: style, timeZone: 'UTC' }).format(date));
        for (const part of new Intl.DateTimeFormat(lang, {
          day: 'numeric',
          month: style,
          year: 'numeric',
          timeZone: 'UTC',
        }).formatToParts(date))
          if (part.type === 'month') add(part.value);
      }
    }
    for (let day = 0; day < 7; day += 1) {
      const date = new Date(Date.UTC(2024, 0, 1 + day));
      for (const style of ['long', 'short'] as const)
        add(new Intl.DateTimeFormat(lang, { weekday: style, timeZone: 'UTC' }).format(date));
    }
    const relative = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
    for (let days = -2; days <= 2; days += 1) add(relative.format(days, 'day'));
    for (const hour of [9, 21])
      for (const part of new Intl.DateTimeFormat(lang, {
        hour: 'numeric',
        hour12: true,
      }).formatToParts(new Date(Date.UTC(2024, 0, 1, hour))))
        if (part.type === 'dayPeriod') add(part.value);
    const regions = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const a of letters)
      for (const b of letters) {
        try {
          add(regions.of(`${a}${b}`));
        } catch {
          // Not a region code.
        }
      }
    const byLength = [...phrases].filter(Boolean).sort((x, y) => y.length - x.length);

    const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/g;
    const LATIN_WORD = /[A-Za-z]{2,}/;

    /** The text with its pseudo-localized parts, email addresses and exempt phrases taken out. */
    const leftover = (text: string) => {
      let rest = text
        .replace(/⟦[^⟦⟧]*⟧/g, ' ')
        // A message split over several nodes (marked-up parts): its opening or its closing part.
        .replace(/⟦[^⟧]*$/, ' ')
        .replace(/^[^⟦]*⟧/, ' ')
        .replace(EMAIL, ' ')
        .replace(/\(\s*[A-Z]{2}\s*\)/g, ' ');
      for (const phrase of byLength) if (rest.includes(phrase)) rest = rest.split(phrase).join(' ');
      return rest;
    };
    const untranslated = (text: string) => LATIN_WORD.test(leftover(text));

    const exemptElement = (element: Element) =>
      Boolean(element.closest('[translate="no"], body [lang]'));
    const visible = (element: Element) => {
      const shown =
        element instanceof HTMLOptionElement || element instanceof HTMLOptGroupElement
          ? element.closest('select')
          : element;
      return Boolean(
        shown && shown.checkVisibility({ visibilityProperty: true, checkVisibilityCSS: true }),
      );
    };

    const found: { where: string; text: string }[] = [];
    const seen = new Set<string>();
    const report = (where: string, text: string) => {
      const clean = text.replace(/\s+/g, ' ').trim();
      const id = `${where}\u0000${clean}`;
      if (!clean || seen.has(id) || !untranslated(clean)) return;
      seen.add(id);
      found.push({ where, text: clean });
    };

    report('title', document.title);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, template')) continue;
      if (exemptElement(parent) || !visible(parent)) continue;
      report(parent instanceof HTMLOptionElement ? 'option' : 'text', node.textContent ?? '');
    }
    const ATTRIBUTES = [
      'aria-label',
      'aria-roledescription',
      'aria-valuetext',
      'title',
      'alt',
      'placeholder',
    ];
    for (const element of document.body.querySelectorAll(
      ATTRIBUTES.map((name) => `[${name}]`).join(', '),
    )) {
      if (exemptElement(element) || !visible(element)) continue;
      for (const name of ATTRIBUTES) {
        const value = element.getAttribute(name);
        if (value) report(`[${name}]`, value);
      }
    }
    return found;
  }, exempt);
}
