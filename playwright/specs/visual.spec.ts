import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { AdminApplicationDetailPage } from '../pages/AdminApplicationDetailPage';
import { AdminApplicationsPage } from '../pages/AdminApplicationsPage';
import { AdminDashboardPage } from '../pages/AdminDashboardPage';
import { WizardDateInput } from '../pages/WizardDateInput';
import { PostPaymentPage } from '../pages/PostPaymentPage';
import { PostPaymentReviewPage } from '../pages/PostPaymentReviewPage';
import { enrolStaffSecondFactor, signInAsStaff, staffedPortal } from '../support/admin';
import { createDocumentFiles, completeThroughApi } from '../support/post-payment';
import { startPortal } from '../support/portal.mjs';
import { chooseCountry, open, setDate, settle, submitOf } from '../support/tour';
import {
  billingFor,
  CARDS,
  expect,
  isoDaysFromNow,
  test as wizardTest,
  type Traveller,
} from '../support/wizard';

/**
 * Screenshot comparisons of the portal's screens at a desktop and a phone width, against the baselines committed
 * beside this file (`visual.spec.ts-snapshots/`), so the look cannot change without someone seeing it. Refresh
 * them after an intended change with `npm run e2e -- specs/visual.spec.ts --update-snapshots` and look at every
 * changed picture before committing it.
 *
 * The screens are shot on a portal of their own (a fresh database with the staff account and the same synthetic
 * applications every time), so what other specs did never shows. What changes from day to day (dates, order
 * references, QR codes) is masked.
 */

const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;

/** Travellers whose every detail is fixed (the passports expire long after the baselines were made). */
const TRAVELLERS: readonly Traveller[] = [
  {
    firstName: 'Amelia',
    lastName: 'Novak',
    dateOfBirth: '1986-04-12',
    passportNumber: 'X4821937',
    passportExpiry: '2034-03-10',
  },
  {
    firstName: 'Theo',
    lastName: 'Novak',
    dateOfBirth: '2016-09-03',
    passportNumber: 'X4821938',
    passportExpiry: '2033-07-21',
  },
];
const EMAIL = 'amelia.novak@example.com';
/** The Arabic pages' traveller: an email of their own, so paying creates their account whatever ran before. */
const ARABIC_EMAIL = 'amelia.novak.ar@example.com';

interface VisualPortal {
  url: string;
  totpFile: string;
}

const test = wizardTest.extend<object, { visualPortal: VisualPortal }>({
  visualPortal: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const portal = await startPortal({ quiet: true, ...staffedPortal() });
      const totpFile = path.join(portal.dataDir, 'visual-staff-totp.json');
      await enrolStaffSecondFactor(portal.url, totpFile);
      await use({ url: portal.url, totpFile });
      await portal.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ visualPortal }, use) => use(visualPortal.url),
});

const MONTH = '(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*';
const YEAR = new Date().getFullYear();
/** Years a date shown today may have: the synthetic applications go two years back, trips into next year. */
const NEAR_YEAR = `(${[YEAR - 2, YEAR - 1, YEAR, YEAR + 1].join('|')})`;

/**
 * Texts that change from day to day or hour to hour: dates near today ('23 Dec 2026', 'Thursday 26 November'),
 * deadlines ('Tomorrow by 23:47'), times, order references and payment ids. A date of birth or a passport expiry
 * years away stays.
 */
const CHANGING_TEXT = [
  new RegExp(`\\b\\d{1,2} ${MONTH},? ${NEAR_YEAR}\\b`),
  new RegExp(`\\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? \\d{1,2} ${MONTH}\\b`),
  /\bby \d{1,2}:\d{2}\b/,
  // Order references ('Order #4FC1C0A4') and the payment provider's ids.
  /#[A-Z0-9]{8}\b/,
  /\bpi_[A-Za-z0-9_]+/,
  // Receipt numbers ('2026-000123'), which count the run's paid orders.
  /\b\d{4}-\d{6}\b/,
];

/**
 * Draws what changes between runs on the page (see CHANGING_TEXT), the order reference and `extra` as a box of
 * one size, whatever its text, so that neither its content nor its length (a line more or less) can move the
 * rest of the page. (Set through the DOM's style properties: the portal's CSP rightly refuses an injected
 * stylesheet.)
 */
async function markChanging(page: Page, reference: string, extra: Locator[]): Promise<void> {
  const locators = [
    page.locator('time'),
    ...CHANGING_TEXT.map((pattern) => page.getByText(pattern)),
    ...(reference ? [page.getByText(reference)] : []),
    ...extra,
  ];
  for (const locator of locators)
    await locator.evaluateAll((elements) => {
      for (const element of elements) {
        const box = {
          display: 'inline-block',
          width: '7em',
          'max-width': '100%',
          height: '1.25em',
          overflow: 'hidden',
          'vertical-align': 'middle',
          color: 'transparent',
          background: '#ff00ff',
          border: '0',
        };
        for (const [property, value] of Object.entries(box))
          (element as HTMLElement).style.setProperty(property, value, 'important');
      }
    });
}

/**
 * Compares the whole page at the desktop and at the phone width with `name-desktop.png` and `name-phone.png`,
 * with what changes between runs boxed (markChanging); leaves the page at the desktop width.
 */
async function looksRight(
  page: Page,
  name: string,
  { reference = '', extra = [] }: { reference?: string; extra?: Locator[] } = {},
): Promise<void> {
  for (const [width, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    // From the top, with nothing focused, every picture loaded (lazy ones too), and after any re-render for
    // the new width: then the boxes are drawn.
    await page.evaluate(async () => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
      const pictures = [...document.images];
      for (const picture of pictures) picture.loading = 'eager';
      await Promise.all(pictures.map((picture) => picture.decode().catch(() => undefined)));
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    });
    await markChanging(page, reference, extra);
    await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
      fullPage: true,
      maxDiffPixelRatio: 0.005,
    });
  }
  await page.setViewportSize(DESKTOP);
}

// The journey and the staff area run in order, on one portal; the Arabic pages are independent of them and go to
// the other worker (on its own portal, with the same data): the file, the last of the run, then takes half as long.
test.describe.configure({ mode: 'parallel' });

test.describe('how the portal looks', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  test.use({ viewport: DESKTOP });

  let applicationId = '';
  let reference = '';

  test('the traveller journey from the home page to check your answers', async ({
    page,
    home,
    wizard,
    orders,
  }) => {
    await home.goto();
    await looksRight(page, 'home');

    const arrival = isoDaysFromNow(40);
    const trip = wizard.tripDetails;
    await trip.goto();
    if ((await trip.country.input.inputValue()) !== 'United States')
      await trip.country.choose('United States');
    await trip.visaType.selectOption({ label: 'United Kingdom ETA' });
    await expect(trip.visaInformation).toBeVisible();
    await new WizardDateInput(trip.arrivalDate).set(arrival);
    await looksRight(page, 'wizard-trip-details', {
      extra: [trip.arrivalDate.getByRole('combobox')],
    });
    await trip.startApplying.click();
    await wizard.personalInfo.waitUntilReady();

    const step2 = wizard.personalInfo;
    await step2.addTraveler.click();
    for (const [index, traveller] of TRAVELLERS.entries())
      await wizard.fillTraveller(index, traveller, EMAIL);
    await looksRight(page, 'wizard-personal-info');
    await step2.saveAndContinue.click();
    await wizard.passportInfo.waitUntilReady();

    const step3 = wizard.passportInfo;
    for (const [index, traveller] of TRAVELLERS.entries()) {
      const fields = step3.traveler(index);
      await fields.number.fill(traveller.passportNumber);
      await fields.expirationDate.set(traveller.passportExpiry);
      await fields.secondNationality.getByRole('radio', { name: 'No', exact: true }).check();
    }
    await looksRight(page, 'wizard-passport-info');
    await step3.saveAndContinue.click();
    await wizard.processingTime.waitUntilReady();

    await wizard.processingTime.option('Standard').check();
    await looksRight(page, 'wizard-processing-time');
    await wizard.processingTime.saveAndContinue.click();
    await wizard.checkout.waitUntilReady();
    await expect(wizard.checkout.proceed).toBeVisible();
    await looksRight(page, 'checkout-review');

    await wizard.checkout.proceed.click();
    await expect(wizard.checkout.payment).toBeVisible();
    const first = TRAVELLERS[0]!;
    await wizard.checkout.fillBilling(billingFor(first, EMAIL));
    await wizard.checkout.fillCard(CARDS.visa);
    await looksRight(page, 'checkout-payment');
    await wizard.checkout.pay.click();

    reference = await wizard.expectSuccess();
    const continueHref = await wizard.success.continueWithDocuments.getAttribute('href');
    applicationId = decodeURIComponent(continueHref?.split('/')[2] ?? '');
    expect(applicationId).not.toBe('');
    await looksRight(page, 'success', { reference });

    await orders.goto();
    await expect(orders.main.getByRole('heading', { name: `Order #${reference}` })).toBeVisible();
    await looksRight(page, 'my-orders', { reference });

    const base = `/application/${applicationId}`;
    const sections: [string, string, string][] = [
      ['general-info', `${base}/general-info`, 'General information'],
    ];
    const application = (await (
      await page.request.get(`/api/application/${applicationId}`)
    ).json()) as {
      data: { travelers: { id: string }[] };
    };
    const travelerId = application.data.travelers[0]!.id;
    for (const [slug, title] of [
      ['passport-page', 'Passport page'],
      ['applicants-photo', "Applicant's photo"],
      ['personal-information', 'Personal information'],
      ['passport-information', 'Passport information'],
      ['work', 'Work'],
      ['declaration', 'Declaration'],
    ] as const)
      sections.push([slug, `${base}/travelers/${travelerId}/${slug}`, title]);
    for (const [slug, url, title] of sections) {
      await page.goto(url);
      const section = new PostPaymentPage(page, title);
      await section.waitUntilReady();
      await looksRight(page, `after-payment-${slug}`, { reference });
    }

    await completeThroughApi(page.request, applicationId, await createDocumentFiles());
    const review = new PostPaymentReviewPage(page);
    await page.goto(`${base}/review`);
    await review.waitUntilReady();
    await looksRight(page, 'check-your-answers', { reference });
    await review.confirmAndSubmit();
    // Submitted: My orders opens.
    await expect(page).toHaveURL('/orders');
  });

  test('the staff area: dashboard, applications and one application', async ({
    page,
    visualPortal,
  }) => {
    expect(applicationId, 'the traveller journey made the order').not.toBe('');
    await signInAsStaff(page, visualPortal.totpFile);

    const dashboard = new AdminDashboardPage(page);
    await dashboard.goto();
    // The trends are drawn from orders dated relative to today: each chart is boxed, its frame and title kept.
    const trends = page.getByRole('region', { name: 'Trends' });
    await expect(trends.getByRole('table').first()).toBeAttached();
    await looksRight(page, 'admin-dashboard', {
      reference,
      extra: [trends.locator('.wpd-chart > :not(h3)')],
    });

    const list = new AdminApplicationsPage(page);
    await list.goto();
    await looksRight(page, 'admin-applications', { reference });

    const detail = new AdminApplicationDetailPage(page);
    await detail.goto(applicationId, reference);
    // The passport page's reading ends in one of several outcomes depending on how long it takes on the machine.
    await looksRight(page, 'admin-application', {
      reference,
      extra: [page.getByTestId('passport-mrz')],
    });

    await page.goto('/admin/staff');
    await expect(page.getByRole('table', { name: 'Staff accounts' })).toBeVisible();
    await looksRight(page, 'admin-staff', { reference });
  });
});

/**
 * The main pages in Arabic, right to left, at both widths (`<name>-ar-desktop.png`, `<name>-ar-phone.png`): the
 * mirrored layout, Arabic text in every part and the direction-bearing icons flipped. The controls are found by
 * their ids (support/tour.ts), so the pictures are the only thing that depends on the wording.
 */
/** Arabic month names as `Intl` writes them (the page's dates come from it): a date near today is boxed. */
const ARABIC_MONTHS = Array.from({ length: 12 }, (_, month) =>
  new Intl.DateTimeFormat('ar', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, month, 15)),
  ),
);

test.describe('how the portal looks in Arabic', () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ viewport: DESKTOP, locale: 'ar' });

  /** What changes from day to day on an Arabic page: any text with a month name (dates, exchange-rate days). */
  const arabicDates = (page: Page) => page.getByText(new RegExp(ARABIC_MONTHS.join('|')));

  test('the public pages and the wizard up to the review', async ({ page }) => {
    await open(page, '/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await looksRight(page, 'home-ar', { extra: [arabicDates(page)] });

    await open(page, '/terms');
    await looksRight(page, 'terms-ar', { extra: [arabicDates(page)] });

    await open(page, '/auth/login');
    await looksRight(page, 'login-ar');

    await open(page, '/auth/register');
    await looksRight(page, 'register-ar');

    await open(page, '/');
    await chooseCountry(page, 'hero-country', 'US');
    await submitOf(page, 'hero-country').click();
    await expect(page).toHaveURL(/\/application\/trip-details$/);
    await settle(page);
    await page.locator('#trip-visa-type').selectOption('uk-eta');
    await setDate(page, 'trip-arrival-date', isoDaysFromNow(40));
    await settle(page);
    await looksRight(page, 'wizard-trip-details-ar', {
      extra: [
        page.locator('#trip-arrival-date, #trip-arrival-date-month, #trip-arrival-date-year'),
      ],
    });
    await submitOf(page, 'trip-country').click();

    await expect(page).toHaveURL(/\/application\/personal-info$/);
    await settle(page);
    const first = TRAVELLERS[0]!;
    await page.locator('#traveler-0-firstName').fill(first.firstName);
    await page.locator('#traveler-0-lastName').fill(first.lastName);
    await setDate(page, 'traveler-0-dateOfBirth', first.dateOfBirth);
    await page.locator('#traveler-0-email').fill(ARABIC_EMAIL);
    await looksRight(page, 'wizard-personal-info-ar', { extra: [arabicDates(page)] });
    await submitOf(page, 'traveler-0-firstName').click();

    await expect(page).toHaveURL(/\/application\/passport-info$/);
    await settle(page);
    await page.locator('#passport-0-number').fill(first.passportNumber);
    await setDate(page, 'passport-0-expirationDate', first.passportExpiry);
    await page.locator('input[name="passport-0-second-nationality"][value="no"]').check();
    await submitOf(page, 'passport-0-number').click();

    await expect(page).toHaveURL(/\/application\/processing-time$/);
    await settle(page);
    await page.locator('input[name="processing-option"][value="uk-eta-standard"]').check();
    await looksRight(page, 'wizard-processing-time-ar', { extra: [arabicDates(page)] });
    await page.locator('main form button[type="submit"]').click();

    await expect(page).toHaveURL(/\/application\/checkout$/);
    await settle(page);
    await looksRight(page, 'checkout-review-ar', { extra: [arabicDates(page)] });
  });

  test('the payment, the paid order and My orders', async ({ page }) => {
    const first = TRAVELLERS[0]!;
    await open(page, '/');
    await chooseCountry(page, 'hero-country', 'US');
    await submitOf(page, 'hero-country').click();
    await expect(page).toHaveURL(/\/application\/trip-details$/);
    await settle(page);
    await page.locator('#trip-visa-type').selectOption('uk-eta');
    await setDate(page, 'trip-arrival-date', isoDaysFromNow(40));
    await submitOf(page, 'trip-country').click();
    await expect(page).toHaveURL(/\/application\/personal-info$/);
    await settle(page);
    await page.locator('#traveler-0-firstName').fill(first.firstName);
    await page.locator('#traveler-0-lastName').fill(first.lastName);
    await setDate(page, 'traveler-0-dateOfBirth', first.dateOfBirth);
    await page.locator('#traveler-0-email').fill(ARABIC_EMAIL);
    await submitOf(page, 'traveler-0-firstName').click();
    await expect(page).toHaveURL(/\/application\/passport-info$/);
    await settle(page);
    await page.locator('#passport-0-number').fill(first.passportNumber);
    await setDate(page, 'passport-0-expirationDate', first.passportExpiry);
    await page.locator('input[name="passport-0-second-nationality"][value="no"]').check();
    await submitOf(page, 'passport-0-number').click();
    await expect(page).toHaveURL(/\/application\/processing-time$/);
    await settle(page);
    await page.locator('input[name="processing-option"][value="uk-eta-standard"]').check();
    await page.locator('main form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/application\/checkout$/);
    await settle(page);

    const created = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/applications/create-payment-intent',
    );
    await page.locator('main button.wp-button--large:not([type="submit"])').click();
    const { reference } = ((await (await created).json()) as { data: { reference: string } }).data;
    await expect(page.locator('#card-number')).toBeVisible();
    const billing = billingFor(first, ARABIC_EMAIL);
    await page.locator('#billing-name').fill(billing.name);
    await page.locator('#billing-email').fill(billing.email);
    await page.locator('#billing-line1').fill(billing.address);
    await page.locator('#billing-city').fill(billing.city);
    await page.locator('#billing-postal-code').fill(billing.postalCode ?? '');
    await page.locator('#card-number').pressSequentially(CARDS.visa.number);
    await page.locator('#card-expiry').pressSequentially(CARDS.visa.expiry);
    await page.locator('#card-cvc').fill(CARDS.visa.cvc);
    await looksRight(page, 'checkout-payment-ar', { reference, extra: [arabicDates(page)] });
    await submitOf(page, 'card-number').click();

    await expect(page).toHaveURL(/\/application\/success$/, { timeout: 30_000 });
    await settle(page);
    // The page is complete once it says what is still needed, with the way on to the documents.
    await expect(page.locator('main a[href$="/general-info"]')).toBeVisible();
    await looksRight(page, 'success-ar', { reference, extra: [arabicDates(page)] });

    await open(page, '/orders');
    await expect(page.locator('main').getByText(reference).first()).toBeVisible();
    await looksRight(page, 'my-orders-ar', { reference, extra: [arabicDates(page)] });
  });
});
