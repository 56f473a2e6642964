import { registerThroughApi } from '../support/accounts';
import { adminSeeded, expect, NOT_SEEDED, signInAsStaff, test } from '../support/admin';
import { expectNoA11yViolations } from '../support/axe';
import { ADMIN_APPLICATIONS_PATH } from '../pages/AdminApplicationsPage';
import { ADMIN_PATH } from '../pages/AdminDashboardPage';
import { collectPageErrors } from '../support/page-errors';

const EMAILS_PATH = '/admin/emails';

test.describe('admin operations', () => {
  test('a staff page arrives with its frame as HTML, then hydrates it and fills in the list without an error', async ({
    page,
    adminApplications: list,
  }) => {
    test.skip(!adminSeeded(), NOT_SEEDED);
    await signInAsStaff(page);
    const errors = collectPageErrors(page);
    const reply = await page.goto(ADMIN_APPLICATIONS_PATH);
    // The heading, the menu and the filters come with the page, before any JavaScript runs.
    const html = (await reply?.text()) ?? '';
    expect(html).toContain('<h1>Applications</h1>');
    expect(html).toContain('aria-label="Filter applications"');
    await list.waitUntilLoaded();
    await expect(list.table.or(list.empty)).toBeVisible();
    await expect(list.menu.applications).toHaveAttribute('aria-current', 'page');
    expect(errors).toEqual([]);
  });

  test('an admin sees what needs attention on the dashboard and opens the failed emails', async ({
    page,
    adminDashboard: dashboard,
  }) => {
    test.skip(!adminSeeded(), NOT_SEEDED);
    await signInAsStaff(page);
    await page.goto(ADMIN_PATH);
    await dashboard.waitUntilReady();

    const operations = dashboard.main.getByRole('region', { name: 'Operations' });
    await expect(operations).toContainText(/Payments awaiting reconciliation: \d+/);
    await expect(operations).toContainText(
      'Card payments that succeeded but whose order is not completed yet.',
    );
    const failedLink = operations.getByRole('link', { name: /^Failed emails: \d+$/ });
    await expectNoA11yViolations(page);

    await failedLink.click();
    await expect(page).toHaveURL(EMAILS_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Failed emails' })).toBeVisible();
    await expect(page).toHaveTitle('Failed emails – Waypoint admin');
    await expect(dashboard.menu.nav.getByRole('link', { name: 'Failed emails' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
    const table = page.getByRole('table', { name: 'Failed emails' });
    const empty = page.getByText('No failed emails. Every email has been sent.');
    await expect(table.or(empty)).toBeVisible();
    // Either no e-mail has failed, or each failed one can be sent again.
    if (await empty.isVisible()) {
      await expect(table).toHaveCount(0);
    } else {
      await expect(table.getByRole('button', { name: /^Send again to / }).first()).toBeVisible();
    }
    await expectNoA11yViolations(page);
  });

  test('on a phone the failed emails are cards, and the page never scrolls sideways', async ({
    page,
  }) => {
    test.skip(!adminSeeded(), NOT_SEEDED);
    await signInAsStaff(page);
    // Two e-mails that failed (none fail in this portal): a long address and error, and one without an error.
    await page.route('**/api/admin/emails', (route) =>
      route.fulfill({
        json: {
          success: true,
          data: {
            total: 2,
            emails: [
              {
                id: '00000000-0000-4000-8000-000000000001',
                to: 'marisol.quennell.with.a.long.address@example-mail-provider.com',
                template: 'payment-confirmation',
                description: 'Payment confirmation',
                attempts: 12,
                lastError:
                  'connect ECONNREFUSED 127.0.0.1:2525 (smtp.example-mail-provider.com did not answer)',
                createdAt: '2026-11-22T10:00:00.000Z',
              },
              {
                id: '00000000-0000-4000-8000-000000000002',
                to: 'tobias@example.com',
                template: 'sign-in-link',
                description: 'Sign-in link',
                attempts: 12,
                lastError: null,
                createdAt: '2026-11-22T09:00:00.000Z',
              },
            ],
          },
        },
      }),
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(EMAILS_PATH);
    const table = page.getByRole('table', { name: 'Failed emails' });
    const send = table.getByRole('button', { name: 'Send again to tobias@example.com' });
    await expect(send).toBeVisible();
    const box = await send.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expect(table.getByRole('columnheader', { name: 'Recipient' })).toBeHidden();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    await expectNoA11yViolations(page);
  });

  test('the failed emails are for staff only', async ({ page, request }) => {
    await registerThroughApi(page.request);
    const asTraveller = await page.request.get('/api/admin/emails');
    expect(asTraveller.status()).toBe(403);
    const requeue = '/api/admin/emails/00000000-0000-4000-8000-000000000000/requeue';
    expect((await page.request.post(requeue, { data: {} })).status()).toBe(403);
    expect((await request.get('/api/admin/emails')).status()).toBe(401);
  });
});
