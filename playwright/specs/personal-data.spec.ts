import fs from 'node:fs/promises';
import { request as apiRequest } from '@playwright/test';
import { newAccount, profileOf, registerThroughApi } from '../support/accounts';
import {
  adminSeeded,
  expect,
  NOT_SEEDED,
  placePaidOrder,
  signInAsStaff,
  submitThroughApi,
  test,
} from '../support/admin';
import { expectNoA11yViolations } from '../support/axe';
import { adminApplicationPath } from '../pages/AdminApplicationDetailPage';

test.describe('personal data', () => {
  test('a traveller downloads their data as a zip, then deletes their account and lands on the home page', async ({
    page,
    profile,
    header,
    mailbox,
  }) => {
    const account = await registerThroughApi(page.request, newAccount({ firstName: 'Nora' }));
    const order = await placePaidOrder(
      page.request,
      { firstName: 'Nora', lastName: 'Quill', passportNumber: 'N12345678' },
      account.email,
    );
    await submitThroughApi(order);

    await profile.goto();
    await expect(profile.yourData).toContainText('one zip file');
    // Registering proves nothing about who holds the session: the owner confirms it is them first.
    await profile.downloadData.click();
    await expect(profile.proof).toBeVisible();
    await expectNoA11yViolations(page);
    await profile.proofPassword.fill(account.password);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      profile.proofConfirm.click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^waypoint-data-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(profile.yourData).toContainText(
      `Your download has started: ${download.suggestedFilename()}.`,
    );
    await expect(profile.proof).toHaveCount(0);
    const zip = await fs.readFile((await download.path())!);
    // A zip (PK signature) whose entries are data.json and the order's two documents.
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes('data.json')).toBe(true);
    expect(zip.includes(`documents/${order.reference}/traveller-1-passport-page-`)).toBe(true);
    expect(zip.includes(`documents/${order.reference}/traveller-1-photo-`)).toBe(true);

    await profile.deleteAccount.click();
    await expect(profile.deleteStep).toContainText(
      'your uploaded documents (passport pages and photos)',
    );
    await expect(profile.deleteStep).toContainText('for six years');
    await expectNoA11yViolations(page);

    // The password is required.
    await profile.deleteConfirm.click();
    await expect(profile.deletePassword).toBeFocused();
    await expect(profile.deleteStep).toContainText('Enter your password to delete your account.');

    await profile.deletePassword.fill(account.password);
    await profile.deleteConfirm.click();
    await expect(page).toHaveURL(/\/$/);
    const banner = page.getByRole('region', { name: 'Your account has been deleted' });
    await expect(banner).toContainText('you have been signed out everywhere');
    await expectNoA11yViolations(page);
    await expect(header.logIn).toBeVisible();
    expect(await profileOf(page.request)).toBeNull();
    await mailbox.waitForMessage(account.email, { subject: /has been deleted/ });

    // The same address can register again.
    await registerThroughApi(page.request, { ...account, lastName: 'Again' });
  });

  test('a staff member sees that a deleted account’s documents and travellers’ data were erased', async ({
    page,
    baseURL,
    adminDetail,
  }) => {
    test.skip(!adminSeeded(), NOT_SEEDED);
    // The traveller, in a browser of their own.
    const traveller = await apiRequest.newContext({ baseURL });
    const account = await registerThroughApi(traveller, newAccount({ firstName: 'Otto' }));
    expect(
      (
        await traveller.post('/api/auth/login', {
          data: { email: account.email, password: account.password },
        })
      ).status(),
    ).toBe(200);
    const order = await placePaidOrder(
      traveller,
      { firstName: 'Otto', lastName: 'Brandt', passportNumber: 'B98765432' },
      account.email,
    );
    await submitThroughApi(order);
    const deleted = await traveller.post('/api/auth/profile/delete', {
      data: { password: account.password },
    });
    expect(deleted.status(), await deleted.text()).toBe(200);
    await traveller.dispose();

    await signInAsStaff(page);
    await page.goto(adminApplicationPath(order.id));
    await expect(adminDetail.heading(order.reference)).toBeVisible();
    await expect(adminDetail.erasure).toContainText('were erased on');
    await expect(adminDetail.erasure).toContainText('the traveller deleted their account');
    await expect(adminDetail.erasure).toContainText('The order and its payment record are kept.');
    // No traveller sections and no links to documents that are gone.
    await expect(adminDetail.main.getByRole('img')).toHaveCount(0);
    await expect(adminDetail.main.getByText('Otto')).toHaveCount(0);
    await expect(adminDetail.payment).toContainText('succeeded');
    await expect(adminDetail.history).toContainText(
      "Travellers' personal data and documents erased: the account was deleted",
    );
    await expectNoA11yViolations(page);
  });
});
