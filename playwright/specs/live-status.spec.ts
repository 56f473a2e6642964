import type { BrowserContext } from '@playwright/test';
import { AdminApplicationDetailPage } from '../pages/AdminApplicationDetailPage';
import { OrdersPage } from '../pages/OrdersPage';
import {
  adminSeeded,
  expect,
  NOT_SEEDED,
  placePaidOrder,
  signInAsStaff,
  STATUS,
  submitThroughApi,
  test,
} from '../support/admin';
import { expectNoA11yViolations } from '../support/axe';

/** Surnames of this run only, so that a retry on the same portal finds one order per search. */
const run = Date.now().toString(36).slice(-5);

test.describe('live status', () => {
  test.describe.configure({ timeout: 120_000 });
  test.skip(!adminSeeded(), NOT_SEEDED);

  const contexts: BrowserContext[] = [];
  test.afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  test('My orders shows a staff member’s change of status and its timeline step without reloading', async ({
    browser,
    baseURL,
  }) => {
    // The traveller's browser: an order paid and submitted, signed in to the account paying created.
    const traveller = await browser.newContext({ baseURL, locale: 'en-GB' });
    contexts.push(traveller);
    const order = await placePaidOrder(traveller.request, {
      firstName: 'Ilse',
      lastName: `Marrowby-${run}`,
      passportNumber: 'IM4420917',
    });
    await submitThroughApi(order);
    const page = await traveller.newPage();
    const orders = new OrdersPage(page);
    const stream = page.waitForResponse((response) => response.url().endsWith('/api/events'));
    await orders.goto();

    const card = orders.activePanel
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Order #${order.reference}` }) });
    await expect(card.getByText(STATUS.SUBMITTED, { exact: true })).toBeVisible();
    const timeline = card.getByRole('list', { name: `Progress of order #${order.reference}` });
    const step = (name: string) => timeline.getByRole('listitem').filter({ hasText: name });
    await expect(timeline.getByRole('listitem')).toHaveCount(5);
    await expect(step('Submitted to the UK government')).toContainText('Not yet');
    await expect(step('Application submitted')).toHaveAttribute('aria-current', 'step');
    await expect(step('Review started')).toContainText('Not yet');
    // The page is listening: its event stream is open.
    expect((await stream).status()).toBe(200);
    // Anything the page loads from now on: a reload would load the page itself again.
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });

    // The staff member's browser: starts the review.
    const staff = await browser.newContext({ baseURL, locale: 'en-GB' });
    contexts.push(staff);
    const staffPage = await staff.newPage();
    await signInAsStaff(staffPage);
    const detail = new AdminApplicationDetailPage(staffPage);
    await detail.goto(order.id, order.reference);
    await detail.startReview.click();
    await expect(detail.result).toHaveText(
      `Application #${order.reference} is now ${STATUS.UNDER_REVIEW}.`,
    );

    // The traveller's page shows it by itself, announces it, and has not been reloaded.
    await expect(card.getByText(STATUS.UNDER_REVIEW, { exact: true })).toBeVisible({
      timeout: 10_000,
    });
    await expect(step('Review started')).toHaveAttribute('aria-current', 'step');
    await expect(step('Review started').locator('time')).toHaveAttribute(
      'datetime',
      /^\d{4}-\d{2}-\d{2}T/,
    );
    await expect(step('Review started')).not.toContainText('Not yet');
    await expect(page.getByText('Status changed to Under review')).toBeAttached();
    expect(documents).toEqual([]);
    await expectNoA11yViolations(page);
  });
});
