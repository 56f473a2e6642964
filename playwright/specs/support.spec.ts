import type { APIRequestContext } from '@playwright/test';
import {
  adminSeeded,
  expect,
  NOT_SEEDED,
  placePaidOrder,
  signInAsStaff,
  test,
  type PaidOrder,
} from '../support/admin';
import { expectNoA11yViolations } from '../support/axe';
import { BASE_URL_ENV } from '../support/portal.mjs';
import { adminApplicationPath } from '../pages/AdminApplicationDetailPage';
import { AdminSupportConversationPage, AdminSupportInboxPage } from '../pages/AdminSupportPage';
import { ContactPage, OrderMessages } from '../pages/ContactPage';
import { ORDERS_PATH } from '../pages/OrdersPage';

// A guest writes to support about the order they paid for, a member of staff answers from the Support inbox, and
// the traveller reads the answer on the order in My orders; on a phone's width, with axe on every page. The order
// is placed and paid through the API (1 of the 30 orders an hour per IP).

const QUESTION = 'I paid twice by mistake. Can you refund the second payment?';
const ANSWER = 'Only one payment went through: the second was declined by your bank.';

test.describe('support', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  test.use({ viewport: { width: 390, height: 844 } });
  test.skip(!adminSeeded(), NOT_SEEDED);

  let order: PaidOrder;
  let traveller: APIRequestContext;
  /** The conversation's reference, as the confirmation shows it. */
  let reference = '';

  test.beforeAll(async ({ playwright }) => {
    const baseURL = process.env[BASE_URL_ENV];
    if (!baseURL) throw new Error(`${BASE_URL_ENV} is not set: the global setup did not run`);
    traveller = await playwright.request.newContext({ baseURL });
    order = await placePaidOrder(traveller, {
      firstName: 'Wendell',
      lastName: 'Askwith',
      passportNumber: 'SP5530912',
    });
  });

  test.afterAll(async () => {
    await traveller.dispose();
  });

  test('a guest writes to support about a paid order', async ({ page }) => {
    const contact = new ContactPage(page);
    await contact.goto();
    // A guest names the order; no order of an account to choose from.
    await expect(contact.orderNumber).toBeVisible();
    await expect(contact.whichOrder).toHaveCount(0);
    await expect(contact.helpCentreLink).toHaveAttribute('href', '/help/contact');
    await expectNoA11yViolations(page);

    // Nothing given: the error summary lists every field and takes the focus.
    await contact.send.click();
    await expect(contact.errorSummary).toBeFocused();
    await expect(contact.errorSummary).toContainText('Enter the order number');
    await expect(contact.errorSummary).toContainText(
      'Enter the email address you used for this order',
    );
    await expect(contact.errorSummary).toContainText('Choose what your question is about');
    await expect(contact.errorSummary).toContainText('Please write your message');
    await expectNoA11yViolations(page);

    await contact.orderNumber.fill(order.reference.toLowerCase());
    await contact.email.fill(order.email);
    await contact.topic.selectOption({ label: 'Payment' });
    await contact.message.fill(QUESTION);
    await contact.send.click();

    reference = await contact.sentReference();
    expect(reference).toMatch(/^S-[0-9A-Z]+$/);
    await expect(contact.sentHeading).toBeFocused();
    await expect(contact.main).toContainText(
      "We usually answer within one working day. We've sent a copy to your email.",
    );
    // A guest reads the answers in their e-mail, not on a page.
    await expect(contact.viewConversation).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test('staff answer it from the Support inbox', async ({ page }) => {
    await signInAsStaff(page);
    const inbox = new AdminSupportInboxPage(page);
    await inbox.goto();
    await expect(inbox.status('Open')).toHaveAttribute('aria-current', 'page');
    await expect(inbox.menuLink).toHaveAttribute('aria-current', 'page');
    await expect(inbox.menuLink).toContainText(/open conversations?\)$/);
    const row = inbox.row(reference);
    await expect(row).toBeVisible();
    await expect(row).toContainText(order.email);
    await expect(row).toContainText('Payment');
    await expect(row.getByRole('link', { name: `#${order.reference}` })).toHaveAttribute(
      'href',
      adminApplicationPath(order.id),
    );
    await expectNoA11yViolations(page);

    await row.getByRole('link', { name: reference }).click();
    const conversation = new AdminSupportConversationPage(page);
    await conversation.waitUntilReady(reference);
    await expect(conversation.messages).toContainText(QUESTION);
    await expect(conversation.about).toContainText(order.email);
    await expectNoA11yViolations(page);

    await conversation.reply.fill(ANSWER);
    await conversation.sendReply.click();
    await expect(conversation.result).toHaveText('Reply sent. The traveller is told by email.');
    await expect(conversation.messages).toContainText(ANSWER);
    await expect(conversation.about).toContainText('Answered');
    await expectNoA11yViolations(page);

    // The order's page lists the conversation, answered.
    await page.goto(adminApplicationPath(order.id));
    const onOrder = page.getByRole('region', { name: 'Support conversations' });
    await expect(onOrder.getByRole('link', { name: new RegExp(`^${reference}:`) })).toBeVisible();
    await expect(onOrder).toContainText('Answered');
    await expectNoA11yViolations(page);
  });

  test('the traveller reads the answer on the order in My orders', async ({
    page,
    context,
    orders,
  }) => {
    // Paying made the traveller an account: its session is the order's request context's.
    await context.clearCookies();
    await context.addCookies((await order.request.storageState()).cookies);
    await page.goto(ORDERS_PATH);
    await orders.waitUntilReady();
    const card = orders.orderCard(orders.activePanel, order.reference);
    const messages = new OrderMessages(card);
    await expect(messages.askAboutOrder).toHaveAttribute(
      'href',
      `/contact?order=${encodeURIComponent(order.id)}`,
    );
    await expect(messages.disclosure).toBeVisible();
    await expect(messages.disclosure).toContainText('Messages (1)');
    await messages.disclosure.click();

    const thread = messages.conversation(reference);
    await expect(thread).toContainText(QUESTION);
    await expect(thread).toContainText(ANSWER);
    await expect(thread.getByText(/^Waypoint support/)).toBeVisible();
    await expect(thread).toContainText('Answered');
    await expectNoA11yViolations(page);

    // "Ask about this order" opens the form with the order chosen.
    await messages.askAboutOrder.click();
    const contact = new ContactPage(page);
    await contact.waitUntilReady();
    await expect(contact.whichOrder).toHaveValue(order.id);
    await expect(
      contact.yourMessages.getByRole('link', { name: new RegExp(`^${reference}:`) }),
    ).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
