import { registerThroughApi } from '../support/accounts';
import { adminSeeded, expect, NOT_SEEDED, signInAsStaff, test } from '../support/admin';
import { expectNoA11yViolations } from '../support/axe';
import { ADMIN_PATH } from '../pages/AdminDashboardPage';

const EMAILS_PATH = '/admin/emails';

test.describe('admin operations', () => {
  test('an admin sees what needs attention on the dashboard and opens the failed e-mails', async ({
    page,
    adminDashboard: dashboard,
  }) => {
    test.skip(!adminSeeded(), NOT_SEEDED);
    await signInAsStaff(page.request);
    await page.goto(ADMIN_PATH);
    await dashboard.waitUntilReady();

    const operations = dashboard.main.getByRole('region', { name: 'Operations' });
    await expect(operations).toContainText(/Payments awaiting reconciliation: \d+/);
    await expect(operations).toContainText(
      'Card payments that succeeded but whose order is not completed yet.',
    );
    const failedLink = operations.getByRole('link', { name: /^Failed e-mails: \d+$/ });
    await expectNoA11yViolations(page);

    await failedLink.click();
    await expect(page).toHaveURL(EMAILS_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Failed e-mails' })).toBeVisible();
    await expect(page).toHaveTitle('Failed e-mails – Waypoint admin');
    await expect(dashboard.menu.nav.getByRole('link', { name: 'Failed e-mails' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
    const table = page.getByRole('table', { name: 'Failed e-mails' });
    const empty = page.getByText('No failed e-mails. Every e-mail has been sent.');
    await expect(table.or(empty)).toBeVisible();
    // Either no e-mail has failed, or each failed one can be sent again.
    if (await empty.isVisible()) {
      await expect(table).toHaveCount(0);
    } else {
      await expect(table.getByRole('button', { name: /^Send again to / }).first()).toBeVisible();
    }
    await expectNoA11yViolations(page);
  });

  test('the failed e-mails are for staff only', async ({ page, request }) => {
    await registerThroughApi(page.request);
    const asTraveller = await page.request.get('/api/admin/emails');
    expect(asTraveller.status()).toBe(403);
    const requeue = '/api/admin/emails/00000000-0000-4000-8000-000000000000/requeue';
    expect((await page.request.post(requeue, { data: {} })).status()).toBe(403);
    expect((await request.get('/api/admin/emails')).status()).toBe(401);
  });
});
