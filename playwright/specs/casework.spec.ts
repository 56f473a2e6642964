import type { BrowserContext } from '@playwright/test';
import { AdminApplicationDetailPage } from '../pages/AdminApplicationDetailPage';
import { OrdersPage } from '../pages/OrdersPage';
import { PostPaymentReviewPage } from '../pages/PostPaymentReviewPage';
import {
  adminSeeded,
  expect,
  NOT_SEEDED,
  placePaidOrder,
  signInAsStaff,
  STATUS,
  submitThroughApi,
  test,
  testPictures,
} from '../support/admin';
import { expectNoA11yViolations } from '../support/axe';
import { DevMailbox } from '../support/mailbox';

/** Surnames of this run only, so that a retry on the same portal finds one order per search. */
const run = Date.now().toString(36).slice(-5);

/** A one-page PDF, as the Home Office's decision might come (objects and cross-reference table written out). */
function decisionPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** The mailbox's view of an email's attachments (`GET /api/dev/mailbox`). */
interface MailWithAttachments {
  to: string;
  subject: string;
  attachments: { filename: string; contentType: string; url: string }[];
}

test.describe('casework', () => {
  test.describe.configure({ timeout: 180_000 });
  test.skip(!adminSeeded(), NOT_SEEDED);

  const contexts: BrowserContext[] = [];
  test.afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  test('staff ask for a new photo, the traveller replaces it and resubmits, staff lodge it and record the approval, and the traveller gets the ETA', async ({
    browser,
    baseURL,
  }) => {
    // The traveller: an order paid and submitted, signed in to the account paying created.
    const traveller = await browser.newContext({ baseURL, locale: 'en-GB' });
    contexts.push(traveller);
    const order = await placePaidOrder(traveller.request, {
      firstName: 'Oona',
      lastName: `Castellane-${run}`,
      passportNumber: 'OC5520914',
    });
    await submitThroughApi(order);
    const name = `Oona Castellane-${run}`;
    const page = await traveller.newPage();

    // Staff start the review and ask for a new photo.
    const staff = await browser.newContext({ baseURL, locale: 'en-GB' });
    contexts.push(staff);
    const staffPage = await staff.newPage();
    await signInAsStaff(staffPage);
    const detail = new AdminApplicationDetailPage(staffPage);
    await detail.goto(order.id, order.reference);
    await detail.startReview.click();
    await expect(detail.currentStatus()).toHaveText(`Current status: ${STATUS.UNDER_REVIEW}`);
    await detail.requestChanges.click();
    const photoChange = detail.decision
      .getByRole('group', { name })
      .getByRole('checkbox', { name: "Applicant's photo" });
    await photoChange.check();
    const message = 'The photo is too dark: retake it in daylight against a plain wall';
    await detail.decision
      .getByRole('textbox', { name: /^Tell the traveller what to change/ })
      .fill(message);
    await expectNoA11yViolations(staffPage);
    await detail.decision.getByRole('button', { name: 'Ask for these changes' }).click();
    await expect(detail.decision.getByText('Changes requested from the traveller.')).toBeVisible();
    await expect(detail.currentStatus()).toHaveText(`Current status: ${STATUS.CHANGES_REQUESTED}`);

    // The traveller is told by e-mail, and My orders says what to do.
    const mailbox = new DevMailbox(page.request);
    const asked = await mailbox.waitForMessage(order.email, { subject: /^Action needed/ });
    expect(asked.text).toContain(message);
    const orders = new OrdersPage(page);
    await orders.goto();
    const card = orders.activePanel
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Order #${order.reference}` }) });
    await expect(card.getByText('Action needed', { exact: true })).toBeVisible();
    await card.getByRole('link', { name: 'Make the changes' }).click();

    // The review page lists what is left; the photo page shows the staff message above its upload.
    const review = new PostPaymentReviewPage(page);
    await expect(
      review.content.getByRole('heading', { name: 'Changes still to make' }),
    ).toBeVisible();
    await expect(review.content.getByRole('button', { name: 'Resubmit application' })).toHaveCount(
      0,
    );
    await review.content.getByRole('link', { name: /photo/i }).first().click();
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What to change' })).toBeVisible();
    await expectNoA11yViolations(page);
    const { photo } = await testPictures();
    await page
      .getByLabel("Applicant's photo file", { exact: true })
      .setInputFiles({ name: 'new-photo.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByRole('status').filter({ hasText: 'Great job!' })).toBeVisible();

    // Nothing is left: the traveller resubmits.
    await page.goto(`/application/${order.id}/review`);
    await expect(review.content.getByText(/You have made every change we asked for/)).toBeVisible();
    await review.declaration.check();
    await review.content.getByRole('button', { name: 'Resubmit application' }).click();
    await expect(page.getByRole('region', { name: 'Application resubmitted' })).toBeVisible();

    // Staff see the old and the new photo side by side, review again and lodge the application.
    await detail.goto(order.id, order.reference);
    const changes = detail.main.getByRole('region', { name: 'Changes requested' });
    await expect(changes.getByText(message)).toBeVisible();
    await expect(changes.getByRole('img')).toHaveCount(2);
    await detail.startReview.click();
    await expect(detail.currentStatus()).toHaveText(`Current status: ${STATUS.UNDER_REVIEW}`);

    // The traveller keeps My orders open from here on: it must update by itself.
    const documents: string[] = [];
    await orders.goto();
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });

    await detail.lodge.click();
    await detail.decision
      .getByRole('textbox', { name: 'Home Office reference' })
      .fill('1234 5678 9012 3456');
    await detail.decision.getByRole('button', { name: 'Record as submitted' }).click();
    const lodgeDialog = staffPage.getByRole('dialog', {
      name: 'Record as submitted to the Home Office?',
    });
    await lodgeDialog.getByRole('button', { name: 'Record as submitted' }).click();
    await expect(
      detail.decision.getByText('Recorded as submitted to the Home Office.'),
    ).toBeVisible();
    await expect(card.getByText(/^Submitted to the UK government on /)).toBeVisible({
      timeout: 10_000,
    });
    await expect(card.getByText('Home Office reference: 1234-5678-9012-3456')).toBeVisible();

    // Staff record the government's approval with its PDF.
    await detail.decision.getByRole('radio', { name: /^Approved/ }).check();
    const grant = detail.decision.getByRole('group', { name: new RegExp(`^Traveller 1: ${name}`) });
    await grant.getByRole('textbox', { name: /^Reference on the decision/ }).fill('ETA-7734-2291');
    await grant.getByLabel('Valid from').fill('2026-11-28');
    await grant.getByLabel('Valid until').fill('2028-11-27');
    await expect(grant.getByRole('textbox', { name: /^Last four characters/ })).toHaveValue('0914');
    await grant.getByLabel(/^Decision document/).setInputFiles({
      name: 'eta-decision.pdf',
      mimeType: 'application/pdf',
      buffer: decisionPdf(`UK ETA granted to ${name}`),
    });
    // Uploaded (a link to it), not only on its way: "Uploading eta-decision.pdf" names the file too.
    await expect(grant.getByRole('link', { name: /eta-decision\.pdf/ })).toBeVisible();
    await detail.decision.getByRole('button', { name: 'Record the decision' }).click();
    const outcomeDialog = staffPage.getByRole('dialog', { name: 'Record the approval?' });
    await outcomeDialog.getByRole('button', { name: 'Record the approval' }).click();
    await expect(detail.decision.getByText('Decision recorded: approved.')).toBeVisible();
    await expect(detail.currentStatus()).toHaveText(`Current status: ${STATUS.APPROVED}`);

    // The traveller's page shows the ETA without a reload: reference, validity, passport, the document.
    await expect(
      orders.activePanel.getByRole('heading', { name: `Order #${order.reference}` }),
    ).toHaveCount(0, {
      timeout: 10_000,
    });
    await orders.showOld();
    const decided = orders.oldPanel
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Order #${order.reference}` }) });
    await expect(decided.getByText('ETA-7734-2291')).toBeVisible();
    await expect(decided.getByText(/Linked to the passport ending 0914/)).toBeVisible();
    await expect(decided.getByRole('heading', { name: 'At the border' })).toBeVisible();
    expect(documents, 'My orders was not reloaded').toEqual([]);
    const download = page.waitForEvent('download');
    await decided.getByRole('link', { name: /^Download the decision/ }).click();
    const file = await download;
    const saved = await file.path();
    expect(saved).toBeTruthy();
    await expectNoA11yViolations(page);

    // The e-mail carries the decision document.
    let mail: MailWithAttachments | undefined;
    await expect
      .poll(
        async () => {
          const reply = await page.request.get('/api/dev/mailbox');
          const all = ((await reply.json()) as { data: MailWithAttachments[] }).data;
          mail = all.find((m) => m.to === order.email && /granted/.test(m.subject));
          return mail?.attachments.length ?? 0;
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(mail!.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
    const attached = await page.request.get(mail!.attachments[0]!.url);
    expect((await attached.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
