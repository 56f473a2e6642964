import fs from 'node:fs/promises';
import { expectNoA11yViolations } from '../support/axe';
import { placePaidOrder, signInAsStaff, test as adminTest } from '../support/admin';
import { billingFor, CARDS, expect, test, TRAVELLERS, wizardEmail } from '../support/wizard';
import { ORDERS_PATH } from '../pages/OrdersPage';
import { adminApplicationPath } from '../pages/AdminApplicationDetailPage';

const RECEIPT_FILE = /^invoice-(\d{4}-\d{6})\.pdf$/;

/** The mailbox's view of an email's attachments (`GET /api/dev/mailbox`). */
interface MailWithAttachments {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; url: string }[];
}

test.describe('receipts', () => {
  test('a traveller pays, finds the receipt attached to the confirmation and downloads it from My orders', async ({
    page,
    wizard,
    header,
    orders,
  }) => {
    // The whole wizard, with an accessibility scan on each step.
    test.setTimeout(120_000);
    const email = wizardEmail();
    const traveller = TRAVELLERS[0]!;
    await wizard.upToCheckout([traveller], email);
    await wizard.proceedToPayment();
    await wizard.checkout.fillBilling(billingFor(traveller, email));
    await wizard.payWith(CARDS.visa);
    const reference = await wizard.expectSuccess();

    // My orders: the paid order offers its receipt, named with its number.
    await header.myOrders.click();
    await expect(page).toHaveURL(ORDERS_PATH);
    await orders.waitUntilReady();
    const card = orders.orderCard(orders.activePanel, reference);
    const link = orders.receiptLink(card);
    await expect(link).toBeVisible();
    const number = /(\d{4}-\d{6})/.exec((await link.textContent()) ?? '')![1]!;
    expect(number.slice(0, 4)).toBe(String(new Date().getUTCFullYear()));
    await expectNoA11yViolations(page);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    const pdf = await fs.readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Downloading does not leave the page.
    await expect(page).toHaveURL(ORDERS_PATH);

    // The payment confirmation says so and carries the same receipt as a PDF.
    let mail: MailWithAttachments | undefined;
    await expect
      .poll(async () => {
        const reply = await page.request.get('/api/dev/mailbox');
        const list = ((await reply.json()) as { data: MailWithAttachments[] }).data;
        mail = list.find((m) => m.to === email && m.subject.startsWith('Payment received'));
        return mail?.attachments.length ?? 0;
      })
      .toBe(1);
    expect(mail!.text).toContain(`Your invoice ${number} is attached`);
    expect(mail!.attachments[0]).toMatchObject({
      filename: `invoice-${number}.pdf`,
      contentType: 'application/pdf',
    });
    const attached = await page.request.get(mail!.attachments[0]!.url);
    expect(attached.headers()['content-type']).toBe('application/pdf');
    expect((await attached.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // On a phone the link is still there, on its own line inside the card.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(link).toBeVisible();
    const box = await link.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});

adminTest.describe('receipts for staff', () => {
  adminTest(
    'a member of staff downloads an order’s receipt from the application detail, and the download is in its history',
    async ({ page, playwright, baseURL, adminDetail: detail }) => {
      const traveller = await playwright.request.newContext({ baseURL });
      try {
        const order = await placePaidOrder(traveller, {
          firstName: 'Imogen',
          lastName: `Receipt-${Date.now().toString(36)}`,
          passportNumber: 'RC4455120',
        });
        await signInAsStaff(page);
        await detail.goto(order.id, order.reference);
        await expect(page).toHaveURL(adminApplicationPath(order.id));
        const number = (await detail.fact(detail.payment, 'Invoice number').textContent())!.trim();
        expect(number).toMatch(/^\d{4}-\d{6}$/);
        const link = detail.receiptLink(number);
        await expect(link).toBeVisible();
        await expectNoA11yViolations(page);

        const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
        expect(download.suggestedFilename()).toMatch(RECEIPT_FILE);
        expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
        const pdf = await fs.readFile((await download.path())!);
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

        // The traveller's own receipt is the same one; staff's download is recorded.
        const own = await traveller.get(`/api/application/${order.id}/receipt`);
        expect(own.headers()['content-disposition']).toBe(
          `attachment; filename="invoice-${number}.pdf"`,
        );
        await page.reload();
        await detail.waitUntilReady(order.reference);
        await expect(detail.historyEntries.filter({ hasText: 'Invoice downloaded' })).toHaveCount(
          1,
        );
        await expect(detail.historyEntries.filter({ hasText: 'Invoice downloaded' })).toContainText(
          `Invoice ${number}`,
        );
      } finally {
        await traveller.dispose();
      }
    },
  );
});
