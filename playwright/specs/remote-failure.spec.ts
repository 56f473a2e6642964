import { expectNoA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

const ACCOUNT_REMOTE = '**/remotes/account/**';

test.describe('a stopped remote', () => {
  test('shows the fallback inside the layout, the rest of the site works, and Try again recovers without a reload', async ({
    page,
    home,
    header,
    login,
    remoteFallback,
  }) => {
    await page.route(ACCOUNT_REMOTE, (route) => route.abort('connectionrefused'));
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });

    await page.goto('/auth/login');
    await expect(remoteFallback.heading).toBeVisible();
    await expect(remoteFallback.heading).toBeFocused();
    await expect(remoteFallback.tryAgain).toBeVisible();
    await expect(login.heading).toHaveCount(0);
    // The shell's layout is still there around the message.
    await expect(header.brand).toBeVisible();
    await expect(header.logIn).toBeVisible();
    await expectNoA11yViolations(page);

    // From here on, nothing may reload the page: this marker would be lost.
    await page.evaluate(() => {
      (window as unknown as { e2eMarker?: string }).e2eMarker = 'still here';
    });
    const loadsBefore = loads;

    // The fallback's own link goes home, and home works.
    await remoteFallback.homeLink.click();
    await expect(page).toHaveURL('/');
    await home.waitUntilReady();

    // Back to the broken area through the header's Log in link: still the fallback.
    await header.logIn.click();
    await expect(page).toHaveURL('/auth/login');
    await expect(remoteFallback.heading).toBeVisible();

    // The header's brand link works too.
    await header.brand.click();
    await expect(page).toHaveURL('/');
    await home.waitUntilReady();
    await page.goBack();
    await expect(page).toHaveURL('/auth/login');
    await expect(remoteFallback.heading).toBeVisible();

    // The remote is back: Try again shows the login page in place.
    await page.unroute(ACCOUNT_REMOTE);
    await remoteFallback.tryAgain.click();
    await expect(login.heading).toBeVisible();
    await expect(remoteFallback.alert).toHaveCount(0);
    await expect(page).toHaveURL('/auth/login');
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe(
      'still here',
    );
    expect(loads).toBe(loadsBefore);
    await expectNoA11yViolations(page);
  });

  test('does not affect the other remotes', async ({ page, tripDetails }) => {
    await page.route(ACCOUNT_REMOTE, (route) => route.abort('connectionrefused'));
    await tripDetails.goto();
    await expect(tripDetails.country.input).toHaveValue('United States');
    await expectNoA11yViolations(page);
  });
});
