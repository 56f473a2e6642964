import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';
import { signInAsStaff } from './admin';
import { uniqueEmail } from './accounts';
import { networkQuiet } from './fixtures';
import { translated, type Locale } from './i18n';
import { completeThroughApi, createDocumentFiles } from './post-payment';
import { CARDS, isoDaysFromNow, type Traveller } from './wizard';

/**
 * A walk through every page of the portal that works in any language: it finds fields, buttons and links by
 * their ids, names and addresses, and where a control has neither, by a name that may be the English text, its
 * translation into the visit's language (read from the catalogs, see i18n.ts) or its pseudo-localized form (the
 * pseudo-locale build, libs/platform/webpack/pseudo-locale.cjs). At each page, once it has settled, it calls
 * `visit` with the page's name: the pseudo-locale spec looks for untranslated texts there, the accessibility spec
 * runs axe.
 *
 * The order: the public pages signed out; the guest wizard from the home page to a paid order (sandbox card);
 * the success page, My orders, the account, every post-payment page and the review signed in as the new
 * traveller; then the staff area (dashboard, applications, the new application) signed in as staff.
 */

const pseudoLocale = createRequire(import.meta.url)(
  '../../libs/platform/webpack/pseudo-locale.cjs',
) as { pseudoText: (text: string) => string; OPEN: string; CLOSE: string };

/** The English text as the pseudo-locale build shows it. */
export function pseudoLocalized(english: string): string {
  return `${pseudoLocale.OPEN}${pseudoLocale.pseudoText(english)}${pseudoLocale.CLOSE}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The accessible name of a control whose English text is `english`, in any of its forms: English, its
 * translation into `locale` when a catalog has it, and its pseudo-localized form. `{placeholders}` match any text.
 */
export function anyName(english: string, locale: Locale): RegExp {
  const forms = new Set([english, pseudoLocalized(english)]);
  try {
    forms.add(translated(english, locale));
  } catch {
    // Not translated on this branch yet: the English (or pseudo-localized) text is what the page shows.
  }
  const patterns = [...forms].map((form) =>
    form
      .split(/\{\w+\}/)
      .map(escapeRegExp)
      .join('.+'),
  );
  return new RegExp(`^\\s*(?:${patterns.join('|')})\\s*$`);
}

export type TourVisit = (name: string) => Promise<void>;

export interface TourOptions {
  /** The language the visit is in (the browser context's locale must ask for it). */
  locale: Locale;
  /** The staff authenticator's file of the portal under test (see support/admin.ts). */
  staffTotpFile: string;
  /** Leave out the staff area. */
  withoutStaff?: boolean;
}

export interface TourResult {
  applicationId: string;
  email: string;
}

/** The traveller the tour's order is for (data: never translated). */
export const TOUR_TRAVELLER: Traveller = {
  firstName: 'Amelia',
  lastName: 'Novak',
  dateOfBirth: '1986-04-12',
  passportNumber: 'X4821937',
  passportExpiry: '2034-03-10',
};

/**
 * Waits until the page shows its content: its main heading, no spinner in the main part, no request on its way
 * and two frames drawn.
 */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('main .wp-spinner')).toHaveCount(0, { timeout: 20_000 });
  await networkQuiet(page);
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

/** Opens `path` and waits until it settled. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settle(page);
}

/** Sets a DateInput (ui) by its id: the day select has the id, month and year `<id>-month`, `<id>-year`. */
export async function setDate(page: Page, id: string, iso: string): Promise<void> {
  const [year, month, day] = iso.split('-').map(Number);
  await page.locator(`#${id}-year`).selectOption(String(year));
  await page.locator(`#${id}-month`).selectOption(String(month));
  await page.locator(`#${id}`).selectOption(String(day));
}

/** Chooses a country in a CountryPicker (ui) by its id and the country's code. */
export async function chooseCountry(page: Page, pickerId: string, code: string): Promise<void> {
  const input = page.locator(`#${pickerId}`);
  await expect(input).toBeEnabled();
  await input.click();
  const option = page.locator(`#${pickerId}-option-${code}`);
  await expect(option).toBeVisible();
  await option.click();
  await expect(page.locator(`#${pickerId}-listbox`)).toBeHidden();
}

/** The submit button of the form holding the element with this id. */
export function submitOf(page: Page, id: string): Locator {
  return page.locator(`form:has(#${id}) button[type="submit"]`);
}

/** The public pages, signed out. */
export async function tourPublicPages(page: Page, visit: TourVisit): Promise<void> {
  for (const [name, path] of [
    ['home', '/'],
    ['terms', '/terms'],
    ['privacy', '/privacy'],
    ['help centre', '/help'],
    ['help: refunds', '/help/refunds'],
    ['log in', '/auth/login'],
    ['register', '/auth/register'],
    ['forgot password', '/auth/forgot-password'],
  ] as const) {
    await open(page, path);
    await visit(name);
  }
}

/**
 * The guest wizard from the home page to a paid order: home (United States), trip details (UK ETA, arriving in
 * 40 days), the traveller, the passport, Standard processing, the review, the payment form with the sandbox's
 * 4242 card, and the success page. Paying creates the traveller's account and signs the browser in to it.
 */
export async function tourGuestJourney(
  page: Page,
  locale: Locale,
  visit: TourVisit,
  email = uniqueEmail('tour'),
): Promise<TourResult> {
  const traveller = TOUR_TRAVELLER;
  await open(page, '/');
  await chooseCountry(page, 'hero-country', 'US');
  await submitOf(page, 'hero-country').click();

  await expect(page).toHaveURL(/\/application\/trip-details$/);
  await settle(page);
  await expect(page.locator('#trip-country')).toBeEnabled();
  await page.locator('#trip-visa-type').selectOption('uk-eta');
  const planned = page.locator('#trip-has-dates');
  if ((await planned.getAttribute('aria-checked')) !== 'true') await planned.click();
  await setDate(page, 'trip-arrival-date', isoDaysFromNow(40));
  await visit('wizard: trip details');
  await submitOf(page, 'trip-country').click();

  await expect(page).toHaveURL(/\/application\/personal-info$/);
  await settle(page);
  await page.locator('#traveler-0-firstName').fill(traveller.firstName);
  await page.locator('#traveler-0-lastName').fill(traveller.lastName);
  await setDate(page, 'traveler-0-dateOfBirth', traveller.dateOfBirth);
  await page.locator('#traveler-0-email').fill(email);
  await visit('wizard: your information');
  await submitOf(page, 'traveler-0-firstName').click();

  await expect(page).toHaveURL(/\/application\/passport-info$/);
  await settle(page);
  await page.locator('#passport-0-number').fill(traveller.passportNumber);
  await setDate(page, 'passport-0-expirationDate', traveller.passportExpiry);
  await page.locator('input[name="passport-0-second-nationality"][value="no"]').check();
  await visit('wizard: passport information');
  await submitOf(page, 'passport-0-number').click();

  await expect(page).toHaveURL(/\/application\/processing-time$/);
  await settle(page);
  await page.locator('input[name="processing-option"][value="uk-eta-standard"]').check();
  await visit('wizard: processing time');
  await page.locator('main form button[type="submit"]').click();

  await expect(page).toHaveURL(/\/application\/checkout$/);
  await settle(page);
  const proceed = page
    .getByRole('main')
    .getByRole('button', { name: anyName('Proceed to checkout', locale) });
  await expect(proceed).toBeVisible();
  await visit('checkout: review');
  await proceed.click();

  await expect(page.locator('#card-number')).toBeVisible();
  await page.locator('#billing-name').fill(`${traveller.firstName} ${traveller.lastName}`);
  await page.locator('#billing-email').fill(email);
  await page.locator('#billing-line1').fill('1600 Pennsylvania Avenue NW');
  await page.locator('#billing-city').fill('Washington');
  await page.locator('#billing-postal-code').fill('20500');
  await page.locator('#card-number').pressSequentially(CARDS.visa.number);
  await page.locator('#card-expiry').pressSequentially(CARDS.visa.expiry);
  await page.locator('#card-cvc').fill(CARDS.visa.cvc);
  await visit('checkout: payment');
  await submitOf(page, 'card-number').click();

  await expect(page).toHaveURL(/\/application\/success$/, { timeout: 30_000 });
  await settle(page);
  const documents = page.locator('main a[href$="/general-info"]');
  await expect(documents).toBeVisible();
  const href = (await documents.getAttribute('href')) ?? '';
  const applicationId = decodeURIComponent(href.split('/')[2] ?? '');
  expect(applicationId, 'the success page links to the new application').not.toBe('');
  await visit('success');
  return { applicationId, email };
}

/** The slugs of one traveller's post-payment pages. */
export const TRAVELLER_PAGES = [
  'passport-page',
  'applicants-photo',
  'personal-information',
  'passport-information',
  'work',
  'declaration',
] as const;

/**
 * The signed-in traveller's pages: My orders, the account's profile, every post-payment page of the application
 * and, once everything is filled in (through the API), the review.
 */
export async function tourTravellerPages(
  page: Page,
  applicationId: string,
  visit: TourVisit,
): Promise<void> {
  await open(page, '/orders');
  await visit('my orders');
  await open(page, '/account/profile');
  await visit('account: profile');

  const base = `/application/${encodeURIComponent(applicationId)}`;
  await open(page, `${base}/general-info`);
  await visit('after payment: general information');
  const reply = await page.request.get(`/api${base}`);
  expect(reply.status()).toBe(200);
  const travelerId = ((await reply.json()) as { data: { travelers: { id: string }[] } }).data
    .travelers[0]!.id;
  for (const slug of TRAVELLER_PAGES) {
    await open(page, `${base}/travelers/${encodeURIComponent(travelerId)}/${slug}`);
    await visit(`after payment: ${slug}`);
  }
  await completeThroughApi(page.request, applicationId, await createDocumentFiles());
  await open(page, `${base}/review`);
  await visit('after payment: review');
}

/**
 * The staff area, signed in as staff: the dashboard, the applications and the tour's application. The staff
 * account keeps its language, as any account does: the member of staff chooses the tour's (as with the picker), so
 * signing in does not switch the page to the language another run chose.
 */
export async function tourStaffPages(
  page: Page,
  applicationId: string,
  staffTotpFile: string,
  visit: TourVisit,
  locale: Locale = 'en',
): Promise<void> {
  await signInAsStaff(page, staffTotpFile);
  const chosen = await page.request.put('/api/auth/profile/locale', { data: { locale } });
  expect(chosen.status()).toBe(200);
  await open(page, '/admin');
  await visit('admin: dashboard');
  await open(page, '/admin/applications');
  await visit('admin: applications');
  await open(page, `/admin/applications/${encodeURIComponent(applicationId)}`);
  await visit('admin: application');
}

/** Every page, in the order described at the top of this file. */
export async function tourEveryPage(
  page: Page,
  visit: TourVisit,
  { locale, staffTotpFile, withoutStaff = false }: TourOptions,
): Promise<TourResult> {
  await tourPublicPages(page, visit);
  const result = await tourGuestJourney(page, locale, visit);
  await tourTravellerPages(page, result.applicationId, visit);
  if (!withoutStaff) {
    await tourStaffPages(page, result.applicationId, staffTotpFile, visit, locale);
  }
  return result;
}
