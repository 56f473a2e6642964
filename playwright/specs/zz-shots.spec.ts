import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  placePaidOrder,
  signInAsStaff,
  submitThroughApi,
  test,
  testPictures,
} from '../support/admin';

const OUT = '/tmp/shots';
const run = Date.now().toString(36).slice(-5);

async function detailOf(request: APIRequestContext, id: string) {
  const reply = await request.get(`/api/admin/applications/${id}`);
  return ((await reply.json()) as { data: { version: number; application: { travelers: { id: string }[] } } })
    .data;
}
async function step(request: APIRequestContext, id: string, body: Record<string, unknown>) {
  const d = await detailOf(request, id);
  const reply = await request.post(`/api/admin/applications/${id}/status`, {
    data: { ...body, version: d.version },
  });
  expect(reply.status(), await reply.text()).toBe(200);
}

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage: true });
}

for (const [locale, width] of [
  ['en-GB', 1280],
  ['ar', 390],
  ['en-GB', 390],
  ['ar', 1280],
] as const) {
  test(`casework screens ${locale} ${width}`, async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const tag = `${locale}-${width}`;
    const viewport = { width, height: 900 };
    const traveller = await browser.newContext({ baseURL, locale, viewport });
    const order = await placePaidOrder(traveller.request, {
      firstName: 'Layla',
      lastName: `Haddad-${run}`,
      passportNumber: 'LH8812045',
    });
    await submitThroughApi(order);
    const staffContext = await browser.newContext({ baseURL, locale, viewport });
    const staff = await staffContext.newPage();
    await signInAsStaff(staff.request);
    const d = await detailOf(staff.request, order.id);
    const travelerId = d.application.travelers[0]!.id;
    await step(staff.request, order.id, { status: 'UNDER_REVIEW' });

    // Staff: the request form open.
    await staff.goto(`/admin/applications/${order.id}`);
    await staff.getByRole('region', { name: /./ }).first().waitFor();
    await staff.locator('#decision-open-changes').click();
    await staff.locator('input[type=checkbox]').nth(2).check();
    await shoot(staff, `${tag}-staff-request-changes`);
    await staff.locator('#decision-open-lodge').click();
    await shoot(staff, `${tag}-staff-lodge-form`);

    await step(staff.request, order.id, {
      status: 'CHANGES_REQUESTED',
      changes: [
        {
          travelerId,
          section: 'applicants-photo',
          message: 'The photo is too dark: retake it in daylight against a plain wall',
        },
        { travelerId: null, section: 'general-info', message: 'This phone number does not answer.' },
      ],
    });

    const page = await traveller.newPage();
    await page.goto('/orders');
    await page.waitForTimeout(800);
    await shoot(page, `${tag}-traveller-orders-action-needed`);
    await page.goto(`/application/${order.id}/review`);
    await page.waitForTimeout(800);
    await shoot(page, `${tag}-traveller-review-changes`);
    await page.goto(`/application/${order.id}/applicants-photo?traveler=${travelerId}`);
    await page.waitForTimeout(800);
    await shoot(page, `${tag}-traveller-photo-flagged`);

    // The traveller makes the changes and resubmits (through the API).
    const { photo } = await testPictures();
    const base = `/api/application/${order.id}`;
    await traveller.request.post(`${base}/travelers/${travelerId}/documents/photo`, {
      multipart: { file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo } },
    });
    await traveller.request.put(`${base}/general-info`, {
      data: { countryCode: '+1', phoneNumber: '202-555-0199', notificationPreference: 'sms' },
    });
    expect(
      (await traveller.request.post(`${base}/submit`, { data: { declarationConfirmed: true } })).status(),
    ).toBe(200);
    await staff.goto(`/admin/applications/${order.id}`);
    await staff.waitForTimeout(1000);
    await shoot(staff, `${tag}-staff-changes-review`);

    await step(staff.request, order.id, { status: 'UNDER_REVIEW' });
    await step(staff.request, order.id, {
      status: 'LODGED',
      homeOfficeReference: '1234567890123456',
      lodgedOn: new Date().toISOString().slice(0, 10),
    });
    await page.goto('/orders');
    await page.waitForTimeout(800);
    await shoot(page, `${tag}-traveller-orders-lodged`);
    await staff.goto(`/admin/applications/${order.id}`);
    await staff.waitForTimeout(800);
    await staff.getByRole('radio').first().check();
    await shoot(staff, `${tag}-staff-outcome-form`);

    const upload = await staff.request.post(`/api/admin/applications/${order.id}/decision-documents`, {
      multipart: {
        travelerId,
        file: { name: 'decision.jpg', mimeType: 'image/jpeg', buffer: (await testPictures()).passportPage },
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const documentId = ((await upload.json()) as { data: { document: { id: string } } }).data.document.id;
    await step(staff.request, order.id, {
      status: 'APPROVED',
      grants: [
        {
          travelerId,
          reference: 'ETA-7734-2291',
          validFrom: '2026-11-28',
          validUntil: '2028-11-27',
          passportLast4: '2045',
          documentId,
        },
      ],
    });
    await staff.goto(`/admin/applications/${order.id}`);
    await staff.waitForTimeout(800);
    await shoot(staff, `${tag}-staff-approved`);
    await page.goto('/orders?tab=old');
    await page.waitForTimeout(800);
    const old = page.getByRole('tab').nth(1);
    await old.click();
    await page.waitForTimeout(500);
    await shoot(page, `${tag}-traveller-orders-approved`);

    await page.goto('/reminders/unsubscribe?token=abc');
    await page.waitForTimeout(800);
    await shoot(page, `${tag}-reminders-unsubscribe`);
    await page.goto('/renew?token=abc');
    await page.waitForTimeout(800);
    await shoot(page, `${tag}-renew-invalid`);
    await traveller.close();
    await staffContext.close();
  });
}
