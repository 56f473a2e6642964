import fs from 'node:fs';
import path from 'node:path';
import { expectNoA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { REPO_ROOT } from '../support/portal.mjs';
import { collectPageErrors } from '../support/page-errors';

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

/** The version of the platform the portal runs (the shell's copy). */
const PLATFORM_VERSION = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'libs/platform/package.json'), 'utf8')) as {
    version: string;
  }
).version;
const NEXT_MAJOR = `${Number(PLATFORM_VERSION.split('.')[0]) + 1}.0.0`;

test.describe('a remote built for another major version of the platform', () => {
  test('shows that the area is being updated, logs both versions, and the other areas work', async ({
    page,
    header,
    home,
    tripDetails,
    login,
  }) => {
    // The account area's entry as a build against the next major of @waypoint/platform and @waypoint/ui declares
    // itself: that version, and a range of that major. Module Federation must refuse it the shell's copy.
    await page.route('**/remotes/account/remoteEntry.js', async (route) => {
      const response = await route.fetch();
      const built = await response.text();
      const nextMajor = built
        .replaceAll(`requiredVersion:"^${PLATFORM_VERSION}"`, `requiredVersion:"^${NEXT_MAJOR}"`)
        .replaceAll(`version:"${PLATFORM_VERSION}"`, `version:"${NEXT_MAJOR}"`);
      expect(nextMajor, 'the entry declares the platform range').not.toBe(built);
      await route.fulfill({
        status: 200,
        contentType: 'text/javascript; charset=utf-8',
        body: nextMajor,
      });
    });
    const logged = collectPageErrors(page);

    await page.goto('/auth/login');
    const updating = page.getByRole('alert').filter({
      has: page.getByRole('heading', { level: 1, name: 'This part of the site is being updated.' }),
    });
    await expect(updating).toBeVisible();
    await expect(updating).toContainText('please try again in a few minutes');
    await expect(updating.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(login.heading).toHaveCount(0);
    await expect(header.brand).toBeVisible();
    await expect
      .poll(() => logged.join('\n'))
      .toMatch(
        new RegExp(
          `The account area needs @waypoint/(platform|ui) \\^${NEXT_MAJOR.replaceAll('.', '\\.')}, but the portal provides ${PLATFORM_VERSION.replaceAll('.', '\\.')}`,
        ),
      );
    await expectNoA11yViolations(page);

    // The rest of the portal keeps working: home, and the apply area.
    await header.brand.click();
    await home.waitUntilReady();
    await tripDetails.goto();
    await expect(tripDetails.country.input).toHaveValue('United States');
  });
});
