import type { APIRequestContext } from '@playwright/test';
import {
  adminSeeded,
  expect,
  NOT_SEEDED,
  placePaidOrder,
  signInAsStaff,
  STATUS,
  test,
  type PaidOrder,
} from '../support/admin';
import { expectNoA11yViolations } from '../support/axe';
import { linkPathIn } from '../support/mailbox';
import { BASE_URL_ENV } from '../support/portal.mjs';
import { ADMIN_PATH } from '../pages/AdminDashboardPage';
import { ORDERS_PATH } from '../pages/OrdersPage';

// A staff member refunds a paid order from the admin detail; its traveller is told by e-mail and sees the refund
// in My orders. The order is placed and paid through the API (1 of the 30 orders an hour per IP).

const PRICE = '€51.90';
const REASON = 'The traveller cancelled the trip before submitting.';

test.describe('refunds', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  test.skip(!adminSeeded(), NOT_SEEDED);

  let order: PaidOrder;
  let traveller: APIRequestContext;

  test.beforeAll(async ({ playwright }) => {
    const baseURL = process.env[BASE_URL_ENV];
    if (!baseURL) throw new Error(`${BASE_URL_ENV} is not set: the global setup did not run`);
    traveller = await playwright.request.newContext({ baseURL });
    order = await placePaidOrder(traveller, {
      firstName: 'Odile',
      lastName: 'Refundson',
      passportNumber: 'RF4410287',
    });
  });

  test.afterAll(async () => {
    await traveller.dispose();
  });

  test('a staff member refunds a paid order in full from the admin detail', async ({
    page,
    adminDetail: detail,
  }) => {
    await signInAsStaff(page);
    await detail.goto(order.id, order.reference);
    await expect(detail.refunds).toBeVisible();
    // Paid and not yet submitted: the whole order or the service fee only.
    await expect(detail.refundChoice('Full refund')).toBeVisible();
    await expect(detail.refundChoice('Service fee only')).toBeVisible();
    await expect(detail.refundList).toHaveCount(0);

    // Nothing chosen: the error summary says what is missing and takes the focus.
    await detail.refundButton.click();
    await expect(detail.refundErrorSummary).toBeFocused();
    await expect(detail.refundErrorSummary).toContainText('Choose what to refund');
    await expect(detail.refundErrorSummary).toContainText('Please give the reason for the refund');
    await expectNoA11yViolations(page);

    await detail.refundChoice('Full refund').check();
    await detail.refundReason.fill(REASON);
    await detail.refundButton.click();
    await expect(detail.refundDialog).toBeVisible();
    await expect(detail.refundDialog).toContainText(
      `You are refunding ${PRICE}, the whole of order #${order.reference}`,
    );
    await expect(detail.refundDialog).toContainText(REASON);
    await expectNoA11yViolations(page);
    await detail.confirmRefund.click();

    await expect(detail.refundResult).toHaveText(
      `${PRICE} refunded. The traveller is told by email.`,
    );
    await expect(detail.refundResult).toBeFocused();
    // Nothing is left to refund; the refund is listed; the refund in full closed the order.
    await expect(detail.refundChoice('Full refund')).toHaveCount(0);
    const row = detail.refundList.getByRole('row').nth(1);
    await expect(row).toContainText(PRICE);
    await expect(row).toContainText('Full');
    await expect(row).toContainText('Refunded');
    await expect(row).toContainText(REASON);
    await expect(detail.fact(detail.order, 'Status')).toHaveText(STATUS.REFUNDED);
    await expectNoA11yViolations(page);

    // Loaded again, the history says who refunded what.
    await detail.goto(order.id, order.reference);
    await expect(detail.history).toContainText(`Refund of ${PRICE} made`);
    await expect(detail.history).toContainText(`Refund of ${PRICE} asked of the payment provider`);
  });

  test('the dashboard counts the refund against what came in today', async ({
    page,
    adminDashboard: dashboard,
  }) => {
    await signInAsStaff(page);
    await page.goto(ADMIN_PATH);
    await dashboard.waitUntilReady();
    const paid = dashboard.main.getByRole('region', { name: 'Amount paid' });
    await expect(paid).toContainText('Payments less the refunds settled in the same period.');
    // Other tests pay and refund in the same portal, so the sums are checked by the API's tests, not here.
    await expect(paid.getByRole('definition').filter({ hasText: 'refunded' })).toHaveCount(3);
    await expect(paid).toContainText(/Today.*€[\d,.]+ paid, €[\d,.]+ refunded/);
    await expectNoA11yViolations(page);
  });

  test('the traveller is told by email and sees the refund in My orders', async ({
    page,
    context,
    orders,
    mailbox,
  }) => {
    const message = await mailbox.waitForMessage(order.email, {
      subject: new RegExp(`^Order #${order.reference}: ${PRICE.replace('.', '\\.')} refunded$`),
    });
    expect(message.text).toContain(`We have refunded your order #${order.reference} in full`);

    await context.clearCookies();
    await context.addCookies((await order.request.storageState()).cookies);
    await page.goto(linkPathIn(message, ORDERS_PATH));
    await expect(page).toHaveURL(ORDERS_PATH);
    await orders.waitUntilReady();
    // Refunded in full, the order is closed: listed with the old ones, marked Refunded.
    const named = { has: page.getByRole('heading', { name: `Order #${order.reference}` }) };
    await expect(orders.activePanel.getByRole('listitem').filter(named)).toHaveCount(0);
    // The Active tab, now empty, says where the order went.
    await expect(orders.activePanel.getByRole('status').first()).toContainText(
      'Applications that have been decided or refunded are under Old applications.',
    );
    await expect(orders.showOldButton).toBeVisible();
    await orders.showOld();
    const card = orders.oldPanel.getByRole('listitem').filter(named);
    await expect(card).toBeVisible();
    await expect(card).toContainText(`Order #${order.reference}Refunded`);
    const today = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date());
    await expect(card).toContainText(`Refunded ${PRICE} on ${today}`);
    await expectNoA11yViolations(page);

    // It can be read, not continued.
    await expect(card.getByRole('link', { name: /^Continue application/ })).toHaveCount(0);
    await card.getByRole('link', { name: /^View application/ }).click();
    await expect(
      page.getByRole('region', {
        name: 'This order was refunded in full, so it can no longer be changed or submitted.',
      }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit application' })).toHaveCount(0);
    await expectNoA11yViolations(page);
  });
});
