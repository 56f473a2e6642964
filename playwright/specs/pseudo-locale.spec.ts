import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { HELP_TOPICS } from '../pages/HelpPage';
import { expect, test } from '../support/own-portal';
import { placePaidOrder } from '../support/post-payment';
import {
  TOUR_TRAVELLER,
  tourGuestJourney,
  tourStaffPages,
  tourTravellerPages,
  open,
} from '../support/tour';
import { findUntranslated, recordApiData } from '../support/untranslated';

/**
 * Every page speaks the reader's language: on the pseudo-locale build (`npm run build:pseudo`, every English
 * message of every catalog shown as `⟦Áþþĺý Ñóŵ⟧`), each page is visited as an English reader would, and the test
 * fails listing every visible text, title, aria-label, alt text or placeholder in plain Latin letters that is
 * not data (support/untranslated.ts says what counts as data). Such a text is written into the code instead of
 * a catalog, so a French, German, Spanish or Arabic reader would see it in English.
 *
 * Each group of pages is a test of its own, so a group that is not translated yet does not hide the others.
 */

const { PSEUDO_DIST } = createRequire(import.meta.url)(
  '../../libs/platform/webpack/pseudo-locale.cjs',
) as { PSEUDO_DIST: string };
const built = fs.existsSync(path.join(PSEUDO_DIST, 'shell', 'index.html'));

test.skip(
  !built && !process.env.CI,
  `The pseudo-locale build is missing (${PSEUDO_DIST}): run npm run build:pseudo first.`,
);
test.use({ ownPortalEnv: { STATIC_DIR: PSEUDO_DIST }, locale: 'en-GB' });
// The pages' checks are independent (each on its worker's own portal of the pseudo-locale build): both workers
// share them, so the file, one of the last of the run, does not keep one worker busy while the other waits.
test.describe.configure({ mode: 'parallel', timeout: 180_000 });

/** Visits pages and collects, per page, what is not pseudo-localized; `expectAllTranslated` fails listing it. */
function untranslatedCollector(page: Page, typed: string[]) {
  const apiData = recordApiData(page);
  const report: string[] = [];
  return {
    typed,
    async visit(name: string) {
      const texts = await findUntranslated(page, [...typed, ...apiData]);
      for (const { where, text } of texts)
        report.push(`${name} (${new URL(page.url()).pathname}): ${where} "${text}"`);
    },
    expectAllTranslated() {
      expect(
        report,
        `texts not pseudo-localized (not from a catalog):\n  ${report.join('\n  ')}\n`,
      ).toEqual([]);
    },
  };
}

const TRAVELLER_DATA = [
  TOUR_TRAVELLER.firstName,
  TOUR_TRAVELLER.lastName,
  TOUR_TRAVELLER.passportNumber,
  '10 Downing Street',
  'London',
  'SW1A 2AA',
];

test('the pseudo-locale build is served', async ({ page }) => {
  expect(built, `npm run build:pseudo writes ${PSEUDO_DIST}`).toBe(true);
  await open(page, '/');
  await expect(page.locator('main h1')).toContainText('⟦');
});

test('the check reports English and leaves pseudo-localized texts and data alone', async ({
  page,
}) => {
  await open(page, '/');
  await page.evaluate(() => {
    const add = (text: string, attributes: Record<string, string> = {}) => {
      const element = document.createElement('p');
      element.textContent = text;
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      document.querySelector('main')?.append(element);
    };
    add('Written in the code');
    add('⟦Ŕéáð⟧', { 'aria-label': 'Close this' });
    add('⟦Šéñţ ţó⟧ amelia.novak@example.com, 26 November 2026, United States (US)');
    add('Typed by the visitor');
    add('Marked as data', { translate: 'no' });
    add('Hidden text', { hidden: '' });
  });
  const found = await findUntranslated(page, ['Typed by the visitor']);
  expect(found).toEqual([
    { where: 'text', text: 'Written in the code' },
    { where: '[aria-label]', text: 'Close this' },
  ]);
});

test('the home page and the site-wide parts (header, footer, menu) are all translated', async ({
  page,
}) => {
  const collector = untranslatedCollector(page, []);
  await open(page, '/');
  await collector.visit('home');
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/');
  await collector.visit('home (phone)');
  // The mobile menu, open.
  await page.locator('header button[aria-haspopup="dialog"]').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await collector.visit('home (phone, menu open)');
  collector.expectAllTranslated();
});

test('the legal pages are all translated', async ({ page }) => {
  const collector = untranslatedCollector(page, []);
  for (const [name, address] of [
    ['terms', '/terms'],
    ['privacy', '/privacy'],
  ] as const) {
    await open(page, address);
    await collector.visit(name);
  }
  collector.expectAllTranslated();
});

test('the help centre is all translated', async ({ page }) => {
  const collector = untranslatedCollector(page, []);
  await open(page, '/help');
  await collector.visit('help centre');
  for (const topic of HELP_TOPICS) {
    await open(page, topic.path);
    await collector.visit(topic.path);
  }
  collector.expectAllTranslated();
});

test('the sign-in pages are all translated', async ({ page }) => {
  const collector = untranslatedCollector(page, []);
  for (const [name, address] of [
    ['log in', '/auth/login'],
    ['register', '/auth/register'],
    ['forgot password', '/auth/forgot-password'],
  ] as const) {
    await open(page, address);
    await collector.visit(name);
  }
  collector.expectAllTranslated();
});

test('the guest journey to a paid order is all translated', async ({ page }) => {
  const collector = untranslatedCollector(page, TRAVELLER_DATA);
  const { email } = await tourGuestJourney(page, 'en', async (name) => {
    await collector.visit(name);
  });
  collector.typed.push(email);
  collector.expectAllTranslated();
});

test("the traveller's pages after payment are all translated", async ({ page }) => {
  const collector = untranslatedCollector(page, TRAVELLER_DATA);
  const order = await placePaidOrder(page.request);
  collector.typed.push(order.email, order.reference);
  await tourTravellerPages(page, order.applicationId, (name) => collector.visit(name));
  collector.expectAllTranslated();
});

test('the staff area is all translated', async ({ page, ownPortal }) => {
  const collector = untranslatedCollector(page, []);
  const order = await placePaidOrder(page.request);
  collector.typed.push(order.email, order.reference);
  await tourStaffPages(page, order.applicationId, ownPortal.totpFile, (name) =>
    collector.visit(name),
  );
  collector.expectAllTranslated();
});
