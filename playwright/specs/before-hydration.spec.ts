import type { Page } from '@playwright/test';
import { registerThroughApi, type TestAccount } from '../support/accounts';
import { adminSeeded, NOT_SEEDED, signInAsStaff } from '../support/admin';
import { expectNoA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { collectPageErrors } from '../support/page-errors';
import { Header } from '../pages/Header';
import { LOGIN_PATH, LoginPage } from '../pages/LoginPage';
import { ORDERS_PATH, OrdersPage } from '../pages/OrdersPage';
import { TRIP_DETAILS_PATH } from '../pages/TripDetailsPage';

/**
 * What a page drawn from its HTML does before its script has run, and with no script at all: the menu of small
 * screens opens, links lead on, the tabs of My orders switch, and a form sent then is sent once the script runs.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** How soon after the first paint each tap comes. */
const FIRST_TAP_MS = 100;

/** The script every page loads first, which holds what is done before the page hydrates: never held here. */
const HELD_ACTIONS = /\/held-actions\.[0-9a-f]+\.js$/;

/**
 * Holds every script of the portal (the shell's, the areas') but the first one until the returned function is
 * called: until then the page is only its HTML.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.endsWith('.js') && !HELD_ACTIONS.test(url.pathname),
    async (route) => {
      await released;
      await route.fallback().catch(() => undefined);
    },
  );
  return release;
}

/**
 * Opens `path` and taps what `selector` finds (at its centre, as a finger would) as soon as the page has painted,
 * checking that the tap came within FIRST_TAP_MS of that first paint.
 */
async function tapOnFirstPaint(page: Page, path: string, selector: string) {
  for (let visit = 0; visit < VISITS; visit += 1) {
    await page.goto(path, { waitUntil: 'commit' });
    const seen = await firstPaint(page, selector);
    // This machine was too busy to learn of the paint in time to tap within FIRST_TAP_MS: the page is opened again.
    if (seen.age > LEARNT_WITHIN_MS) continue;
    const paintedAt = Date.now() - seen.age;
    const tappedAt = Date.now();
    await page.mouse.click(seen.x, seen.y);
    // When the finger came down; what the page made of it, the test looks at next.
    expect(tappedAt - paintedAt, `the tap on ${selector}`).toBeLessThan(FIRST_TAP_MS);
    return;
  }
  throw new Error(`Never learnt of the first paint of ${path} within ${LEARNT_WITHIN_MS} ms`);
}

/**
 * How many times a page is opened to tap it in time, and how soon after its paint the tap must be under way. On a
 * quiet two-core machine the test learns of a paint 16–93 ms after it; with the browser tests' two workers on a
 * slower day, five visits of the staff list all came too late, so a page is given twenty.
 */
const VISITS = 20;
const LEARNT_WITHIN_MS = 60;

/**
 * Once the page has painted: how long ago (ms), and the centre of what `selector` finds. The page is asked from
 * here, as often as it answers: with JavaScript off it runs nothing of its own, not even a timer.
 */
async function firstPaint(page: Page, selector: string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const seen = await page
      .evaluate((target) => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const box = document.querySelector(target)?.getBoundingClientRect();
        if (!paint || !box || box.width === 0) return null;
        const age = Math.round(performance.now() - paint.startTime);
        return { age, x: box.x + box.width / 2, y: box.y + box.height / 2 };
      }, selector)
      // Asked while the page is still arriving.
      .catch(() => null);
    if (seen) return seen;
  }
  throw new Error(`The page did not paint ${selector}`);
}

/** The traveller of these tests, registered once for them all (registrations are limited per address and hour). */
let traveller: TestAccount | null = null;

/** Signs the page's browser in as the traveller of these tests. */
async function signInTraveller(page: Page): Promise<TestAccount> {
  if (!traveller) {
    traveller = await registerThroughApi(page.request);
    return traveller;
  }
  const reply = await page.request.post('/api/auth/login', {
    data: { email: traveller.email, password: traveller.password },
  });
  expect(reply.status(), await reply.text()).toBe(200);
  return traveller;
}

/** The menu button of small screens, and the Help link of the header of wider ones. */
const MENU_BUTTON = '.wp-header__mobile > button';
const HELP_LINK = '.wp-header__desktop a[href="/help"]';
const OLD_TAB = '#orders-tab-old';

/**
 * On a phone, taps the menu of `path` within FIRST_TAP_MS of its first paint, then its link `link`, which leads
 * to `to`; on a wider screen, the header's Help link, as soon.
 */
async function menuAndLink(page: Page, path: string, link: string, to: string) {
  const header = new Header(page);
  await page.setViewportSize(PHONE);
  await tapOnFirstPaint(page, path, MENU_BUTTON);
  await expect(header.mobileMenu).toBeVisible();
  await header.mobileMenu.getByRole('link', { name: link, exact: true }).click();
  await expect(page).toHaveURL(to);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.setViewportSize(DESKTOP);
  await tapOnFirstPaint(page, path, HELP_LINK);
  await expect(page).toHaveURL('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
  await page.setViewportSize(PHONE);
}

/** The server-drawn pages a visitor reaches signed out: address, a link of the menu and where it leads. */
const PUBLIC_PAGES = [
  { name: 'home', path: '/', link: 'Help', to: '/help' },
  { name: 'help', path: '/help', link: 'Log in', to: LOGIN_PATH },
  { name: 'trip details', path: TRIP_DETAILS_PATH, link: 'Home', to: '/' },
  { name: 'login', path: LOGIN_PATH, link: 'Help', to: '/help' },
] as const;

test.describe('before the page script runs', () => {
  test.use({ viewport: PHONE });

  for (const { name, path, link, to } of PUBLIC_PAGES) {
    test(`${name}: the menu opens and its links lead on`, async ({ page }) => {
      await holdScripts(page);
      await menuAndLink(page, path, link, to);
    });
  }

  test('the menu, opened before the page hydrates, stays open as the drawer, and closes with Escape', async ({
    page,
    header,
  }) => {
    const errors = collectPageErrors(page);
    const release = await holdScripts(page);
    await tapOnFirstPaint(page, '/', MENU_BUTTON);
    await expect(header.mobileMenu).toBeVisible();
    await expectNoA11yViolations(page);
    release();
    // The page's own drawer (in the body, focus inside) has taken over from the browser's.
    await expect(page.locator('body > .wp-modal--drawer').getByRole('dialog')).toBeVisible();
    await expect(header.mobileMenu).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(header.mobileMenu).toBeHidden();
    await expect(header.mobileMenuButton).toBeFocused();
    // Nobody is signed in: the session check answers 401, which the browser reports.
    expect(errors.filter((error) => !error.includes('401 (Unauthorized)'))).toEqual([]);
  });

  test('the login form sent before the page hydrates is sent once it has', async ({ page }) => {
    const account = await signInTraveller(page);
    // Signed in, then out again, to log in.
    await page.context().clearCookies();
    const errors = collectPageErrors(page);
    const login = new LoginPage(page);
    const release = await holdScripts(page);
    await page.goto(LOGIN_PATH, { waitUntil: 'commit' });
    await login.email.fill(account.email);
    await login.continueButton.click();
    await expect(page).toHaveURL(LOGIN_PATH);
    await expect(login.password).toHaveCount(0);
    release();
    // Nothing lost: the address typed, and Continue, reach the page once its script runs.
    await expect(login.password).toBeVisible();
    await expect(login.email).toHaveValue(account.email);
    expect(errors.filter((error) => !error.includes('401 (Unauthorized)'))).toEqual([]);
  });

  test('my orders: the menu, a tab and a link work, and the page hydrates on the tab chosen', async ({
    page,
  }) => {
    await signInTraveller(page);
    const errors = collectPageErrors(page);
    const orders = new OrdersPage(page);
    const release = await holdScripts(page);
    await menuAndLink(page, ORDERS_PATH, 'Help', '/help');

    await tapOnFirstPaint(page, ORDERS_PATH, OLD_TAB);
    await expect(page).toHaveURL(`${ORDERS_PATH}?tab=old`);
    await expect(orders.oldTab).toHaveAttribute('aria-selected', 'true');
    await expect(
      orders.oldPanel.getByRole('heading', { name: 'No old applications' }),
    ).toBeVisible();

    // The script takes over the tab the address names; a tab then opens without loading the page.
    release();
    await orders.waitUntilReady();
    await expect(orders.oldTab).toHaveAttribute('tabindex', '0');
    await orders.activeTab.click();
    await expect(page).toHaveURL(`${ORDERS_PATH}?tab=active`);
    await expect(orders.activeTab).toHaveAttribute('aria-selected', 'true');
    await expect(orders.activePanel).toContainText('You have no applications yet');
    expect(errors).toEqual([]);
  });

  test('the staff list: the menu opens and its links lead on', async ({ page }) => {
    test.skip(!adminSeeded(), NOT_SEEDED);
    await signInAsStaff(page);
    await holdScripts(page);
    await menuAndLink(page, '/admin/applications', 'Home', '/');
  });
});

test.describe('with JavaScript off', () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  for (const { name, path, link, to } of PUBLIC_PAGES) {
    test(`${name}: the menu opens and its links lead on`, async ({ page }) => {
      await menuAndLink(page, path, link, to);
    });
  }

  test('the menu closes with its close button, and with Escape', async ({ page, header }) => {
    await page.goto('/help', { waitUntil: 'commit' });
    await header.mobileMenuButton.click();
    await expect(header.mobileMenu).toBeVisible();
    await header.mobileMenu.getByRole('button', { name: 'Close' }).click();
    await expect(header.mobileMenu).toBeHidden();
    await header.mobileMenuButton.click();
    await expect(header.mobileMenu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(header.mobileMenu).toBeHidden();
  });

  test('my orders: the menu, a tab and a link work', async ({ page }) => {
    await signInTraveller(page);
    const orders = new OrdersPage(page);
    await menuAndLink(page, ORDERS_PATH, 'Help', '/help');

    await tapOnFirstPaint(page, ORDERS_PATH, OLD_TAB);
    await expect(page).toHaveURL(`${ORDERS_PATH}?tab=old`);
    await expect(orders.oldTab).toHaveAttribute('aria-selected', 'true');
    await expect(
      orders.oldPanel.getByRole('heading', { name: 'No old applications' }),
    ).toBeVisible();
    await orders.activeTab.click();
    await expect(page).toHaveURL(`${ORDERS_PATH}?tab=active`);
    await expect(orders.activePanel).toContainText('You have no applications yet');
  });

  test('the staff list: the menu opens and its links lead on', async ({ page }) => {
    test.skip(!adminSeeded(), NOT_SEEDED);
    await signInAsStaff(page);
    await menuAndLink(page, '/admin/applications', 'Home', '/');
  });
});
