import { expectNoA11yViolations } from '../support/axe';
import { ADMIN, signInAs, TRAVELLER } from '../support/auth';
import { expect, recordRequests, test } from '../support/fixtures';

const ADMIN_PREFIX = '/remotes/admin/';

test.describe('mf-admin code stays off traveller pages', () => {
  const travellerRoutes: Array<{ path: string; heading: string }> = [
    { path: '/', heading: 'Apply for your UK travel permission online, fast' },
    { path: '/application/trip-details', heading: 'Trip details' },
    { path: '/auth/login', heading: 'Log in' },
    { path: '/terms', heading: 'Terms of service' },
  ];

  for (const { path, heading } of travellerRoutes) {
    test(`${path} never requests ${ADMIN_PREFIX}`, async ({ page }) => {
      const adminRequests = recordRequests(page, ADMIN_PREFIX);
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(adminRequests.map((request) => request.url())).toEqual([]);
      await expectNoA11yViolations(page);
    });
  }

  test('a guest opening /admin goes to login, remembering /admin, without admin code', async ({
    page,
    login,
  }) => {
    const adminRequests = recordRequests(page, ADMIN_PREFIX);
    await page.goto('/admin');
    await expect(page).toHaveURL('/auth/login?redirect=%2Fadmin');
    await expect(login.heading).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(adminRequests).toHaveLength(0);
    await expectNoA11yViolations(page);
  });

  test('a signed-in traveller opening /admin is told it is not for them, without admin code', async ({
    page,
  }) => {
    await signInAs(page, TRAVELLER);
    const adminRequests = recordRequests(page, ADMIN_PREFIX);
    await page.goto('/admin');
    await expect(
      page.getByRole('heading', { level: 1, name: 'You are not authorised to see this page' }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(adminRequests).toHaveLength(0);
    await expectNoA11yViolations(page);
  });

  test('a signed-in admin gets the admin area from mf-admin', async ({ page }) => {
    await signInAs(page, ADMIN);
    const adminRequests = recordRequests(page, ADMIN_PREFIX);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(adminRequests.length).toBeGreaterThan(0);
    await expectNoA11yViolations(page);
  });
});
