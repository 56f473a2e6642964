import { expectNoA11yViolations } from '../support/axe';
import { expect, placePaidOrder, signInAsStaff, test } from '../support/admin';
import { passportPageWithMrz } from '../support/mrz';
import { adminApplicationPath } from '../pages/AdminApplicationDetailPage';
import { PassportMrzPanel } from '../pages/PassportMrzPanel';
import { PostPaymentDocumentPage } from '../pages/PostPaymentDocumentPage';
import {
  PostPaymentPassportInfoPage,
  PostPaymentPersonalInfoPage,
} from '../pages/PostPaymentForms';

// The portal reads each uploaded passport page's machine-readable zone in the background (a second or a few).
const READ_TIMEOUT = 45_000;

test.describe('passport page MRZ', () => {
  test('a traveller sees the passport page differ from their details and fixes it; staff see the MRZ result', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const order = await placePaidOrder(page.request, {
      firstName: 'Ann',
      lastName: 'Lee',
      passportNumber: 'X12345671',
    });
    const detail = (await (await page.request.get(`/api/application/${order.id}`)).json()) as {
      data: { travelers: { id: string }[] };
    };
    const travelerId = detail.data.travelers[0]!.id;
    const at = (slug: string) => `/application/${order.id}/travelers/${travelerId}/${slug}`;

    // The passport says Y98765432, the traveller entered X12345671.
    const file = await passportPageWithMrz({
      country: 'USA',
      number: 'Y98765432',
      lastName: 'LEE',
      firstName: 'ANN',
      dateOfBirth: '1990-05-17',
      expirationDate: '2031-01-31',
      sex: 'F',
    });
    await page.goto(at('passport-page'));
    const upload = new PostPaymentDocumentPage(page, 'passport-page');
    await upload.waitUntilReady();
    await upload.chooseFile(file);
    await upload.expectAccepted();

    await page.goto(at('passport-information'));
    const form = new PostPaymentPassportInfoPage(page);
    await form.waitUntilReady();
    const mrz = new PassportMrzPanel(page);
    await expect(mrz.heading).toBeVisible();
    const number = mrz.difference('Passport number');
    await expect(number).toBeVisible({ timeout: READ_TIMEOUT });
    await expect(number).toContainText('You entered');
    await expect(number).toContainText('X12345671');
    await expect(number).toContainText('Your passport page reads');
    await expect(number).toContainText('Y98765432');
    await expectNoA11yViolations(page);

    await mrz.usePassportValue('Passport number').click();
    await expect(mrz.saved).toBeVisible();
    await expect(form.passportNumber).toHaveValue('Y98765432');
    await expect(mrz.difference('Passport number')).toHaveCount(0);
    await expect(mrz.matched).toBeVisible();

    // A question the traveller has not answered yet starts with what the passport page says, marked as such.
    await page.goto(at('personal-information'));
    const personal = new PostPaymentPersonalInfoPage(page);
    await personal.waitUntilReady();
    await expect(personal.genderOption('Female')).toBeChecked();
    await expect(personal.gender).toHaveAccessibleDescription(
      'As listed in your passport. Filled in from your passport page. Check it before you continue.',
    );
    await personal.genderOption('Male').check();
    await expect(personal.gender).toHaveAccessibleDescription('As listed in your passport');

    // A member of staff, in a browser of their own, sees that the MRZ matched.
    const staff = await browser.newContext({ baseURL: new URL(page.url()).origin });
    try {
      const staffPage = await staff.newPage();
      await signInAsStaff(staffPage);
      await staffPage.goto(adminApplicationPath(order.id));
      await expect(staffPage.getByTestId('passport-mrz')).toHaveText('Passport MRZ: matched');
    } finally {
      await staff.close();
    }
  });
});
