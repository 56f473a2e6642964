import type { Page } from '@playwright/test';
import {
  directionOf,
  languageTag,
  translated,
  translatedPattern,
  type Locale,
  type Workspace,
} from '../support/i18n';
import { expect, test } from '../support/own-portal';
import { uniqueEmail } from '../support/accounts';
import { chooseCountry, settle, setDate, TOUR_TRAVELLER } from '../support/tour';
import { CARDS, isoDaysFromNow } from '../support/wizard';

/**
 * A guest who reads French, or Arabic, applies from the home page to a paid order in their language: the browser
 * asks for it (`Accept-Language`), the page says so (`<html lang dir>`), and every step's heading and button is
 * in it. Controls are found by their ids and names, and headings and buttons by their names in the visit's
 * language, read from the catalogs (support/i18n.ts: the English wording, which the product specification fixes,
 * leads to the key), so the test does not depend on how a sentence is translated.
 */

test.describe.configure({ timeout: 180_000 });

/** The level-1 heading of the page, by its name in `locale`. */
function heading(page: Page, english: string, locale: Locale, workspace: Workspace = 'mf-apply') {
  return page.getByRole('heading', {
    level: 1,
    name: translated(english, locale, {}, workspace),
    exact: true,
  });
}

/** A button of the main part, by its name in `locale` (placeholders such as an amount match any text). */
function button(page: Page, english: string, locale: Locale) {
  return page
    .getByRole('main')
    .getByRole('button', { name: translatedPattern(english, locale, 'mf-apply') });
}

async function expectLanguage(page: Page, locale: Locale): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', languageTag(locale));
  await expect(page.locator('html')).toHaveAttribute('dir', directionOf(locale));
}

for (const locale of ['fr', 'ar'] as const) {
  test.describe(`a guest reading ${locale}`, () => {
    test.use({ locale });

    test(`applies and pays in ${locale}`, async ({ page }) => {
      const traveller = TOUR_TRAVELLER;
      const email = uniqueEmail(`guest-${locale}`);

      await page.goto('/');
      await expectLanguage(page, locale);
      await expect(
        heading(page, 'Apply for your UK travel permission online, fast', locale, 'shell'),
      ).toBeVisible();
      await expect(page).toHaveTitle(
        translated('Waypoint – apply online for a UK ETA or UK visitor visa', locale, {}, 'shell'),
      );
      await chooseCountry(page, 'hero-country', 'US');
      // The country is named in the visit's language (Intl), as the picker shows it.
      const unitedStates = await page.evaluate(
        (tag) => new Intl.DisplayNames([tag], { type: 'region' }).of('US') ?? 'US',
        languageTag(locale),
      );
      await expect(page.locator('#hero-country')).toHaveValue(unitedStates);
      await page
        .locator('form:has(#hero-country)')
        .getByRole('button', { name: translated('Get started', locale, {}, 'shell') })
        .click();

      // Trip details.
      await expect(page).toHaveURL(/\/application\/trip-details$/);
      await expect(heading(page, 'Trip details', locale)).toBeVisible();
      await expectLanguage(page, locale);
      await expect(page.locator('#trip-country')).toHaveValue(unitedStates);
      await page.locator('#trip-visa-type').selectOption('uk-eta');
      const planned = page.locator('#trip-has-dates');
      if ((await planned.getAttribute('aria-checked')) !== 'true') await planned.click();
      await setDate(page, 'trip-arrival-date', isoDaysFromNow(40));
      await button(page, 'Start applying', locale).click();

      // The traveller.
      await expect(page).toHaveURL(/\/application\/personal-info$/);
      await expect(heading(page, 'Your information', locale)).toBeVisible();
      await page.locator('#traveler-0-firstName').fill(traveller.firstName);
      await page.locator('#traveler-0-lastName').fill(traveller.lastName);
      await setDate(page, 'traveler-0-dateOfBirth', traveller.dateOfBirth);
      await page.locator('#traveler-0-email').fill(email);
      await button(page, 'Save and continue', locale).click();

      // The passport.
      await expect(page).toHaveURL(/\/application\/passport-info$/);
      await expect(heading(page, 'Passport information', locale)).toBeVisible();
      await page.locator('#passport-0-number').fill(traveller.passportNumber);
      await setDate(page, 'passport-0-expirationDate', traveller.passportExpiry);
      await page.locator('input[name="passport-0-second-nationality"][value="no"]').check();
      await button(page, 'Save and continue', locale).click();

      // Processing time.
      await expect(page).toHaveURL(/\/application\/processing-time$/);
      await expect(heading(page, 'Processing time', locale)).toBeVisible();
      await page.locator('input[name="processing-option"][value="uk-eta-standard"]').check();
      await button(page, 'Save and continue', locale).click();

      // Checkout: the review, then the payment form, the amount written the visit's way.
      await expect(page).toHaveURL(/\/application\/checkout$/);
      await expect(heading(page, 'Review your order', locale)).toBeVisible();
      await expectLanguage(page, locale);
      const created = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/applications/create-payment-intent',
      );
      await button(page, 'Proceed to checkout', locale).click();
      const intent = (await (await created).json()) as { data: { price: { totalCents: number } } };
      const total = await page.evaluate(
        ([tag, cents]) =>
          new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' }).format(cents / 100),
        [languageTag(locale), intent.data.price.totalCents] as const,
      );
      const payment = page.locator('section[aria-labelledby="payment-title"]');
      await expect(payment.locator('#payment-title')).toHaveText(
        translated('Payment', locale, {}, 'mf-apply'),
      );
      await expect(payment).toContainText(total);
      await page.locator('#billing-name').fill(`${traveller.firstName} ${traveller.lastName}`);
      await page.locator('#billing-email').fill(email);
      await page.locator('#billing-line1').fill('1600 Pennsylvania Avenue NW');
      await page.locator('#billing-city').fill('Washington');
      await page.locator('#billing-postal-code').fill('20500');
      await page.locator('#card-number').pressSequentially(CARDS.visa.number);
      await page.locator('#card-expiry').pressSequentially(CARDS.visa.expiry);
      await page.locator('#card-cvc').fill(CARDS.visa.cvc);
      const pay = payment.locator('button[type="submit"]');
      await expect(pay).toContainText(total);
      await pay.click();

      // Paid: the success page, in the visit's language.
      await expect(page).toHaveURL(/\/application\/success$/, { timeout: 30_000 });
      await expect(heading(page, 'Payment received', locale)).toBeVisible();
      await expectLanguage(page, locale);
      await settle(page);
      await expect(
        page.getByRole('link', {
          name: translated('Continue with your documents', locale, {}, 'mf-apply'),
          exact: true,
        }),
      ).toBeVisible();
    });
  });
}
