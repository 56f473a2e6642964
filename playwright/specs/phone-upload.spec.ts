import { expectNoA11yViolations } from '../support/axe';
import {
  createDocumentFiles,
  expect,
  fetchApplication,
  ORDER_TRAVELLERS,
  placePaidOrder,
  PostPaymentCopy,
  test,
} from '../support/post-payment';
import type { PostPaymentDocumentPage } from '../pages/PostPaymentDocumentPage';
import { applicationPath } from '../pages/PostPaymentPage';
import type { Locator } from '@playwright/test';

// One paid order in this file (create-payment-intent: 30 an hour per IP).

/** Presses `button` and gives its file chooser `file`, as a traveller picks a picture. */
async function pick(document: PostPaymentDocumentPage, button: Locator, file: string) {
  const chooser = document.page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file);
}

test.describe('uploads on a phone (390×844, touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the camera and the phone’s photos instead of the QR code; a refused photo stays with its reason; Continue moves on', async ({
    page,
    passportPage,
    photo,
    personalInfo,
  }) => {
    const files = await createDocumentFiles();
    const [traveller] = ORDER_TRAVELLERS;
    if (!traveller) throw new Error('no traveller');
    const { applicationId } = await placePaidOrder(page.request, [traveller]);

    // The passport page: the back camera, or a picture or PDF from the phone; no code to scan, nothing to drag.
    await page.goto(`${applicationPath(applicationId)}/passport-page`);
    await expect(passportPage.heading).toBeVisible();
    await expect(passportPage.takePhoto).toBeVisible();
    await expect(passportPage.fromPhotos).toBeVisible();
    await expect(passportPage.cameraInput).toHaveAttribute('capture', 'environment');
    await expect(passportPage.cameraInput).toHaveAttribute('accept', 'image/*');
    await expect(passportPage.libraryInput).not.toHaveAttribute('capture');
    await expect(passportPage.libraryInput).toHaveAttribute('accept', 'image/*,application/pdf');
    await expect(passportPage.usePhone).toHaveCount(0);
    await expect(passportPage.showQrCode).toHaveCount(0);
    await expect(passportPage.dragAndDrop).toHaveCount(0);
    await expectNoA11yViolations(page);
    await pick(passportPage, passportPage.takePhoto, files.passportPage);
    await passportPage.expectAccepted();
    // The photo page opens by itself after 2 seconds.
    await expect(page).toHaveURL(/\/applicants-photo$/);

    // The photo: the instructions, the front camera; nothing to continue to before a photo is accepted.
    await expect(photo.heading).toBeVisible();
    await expect(photo.instructions).toHaveText([...PostPaymentCopy.photoInstructions]);
    await expect(photo.examplePhoto).toBeVisible();
    await expect(photo.cameraInput).toHaveAttribute('capture', 'user');
    await expect(photo.libraryInput).not.toHaveAttribute('capture');
    await expect(photo.continueButton).toHaveCount(0);
    await expect(photo.usePhone).toHaveCount(0);
    await expectNoA11yViolations(page);

    // A refused photo stays in view with its reasons and the instructions, and Try another photo.
    await pick(photo, photo.takePhoto, files.badPhoto);
    await expect(photo.rejected).toBeVisible();
    await expect(photo.reasons).toContainText([
      PostPaymentCopy.badBackground,
      PostPaymentCopy.notColour,
    ]);
    await expect(photo.refusedPreview).toBeVisible();
    await expect(photo.instructions).toHaveText([...PostPaymentCopy.photoInstructions]);
    await expect(photo.tryAnotherPhoto).toBeVisible();
    await expect(photo.cameraInput).toHaveAttribute('capture', 'user');
    await expect(page).toHaveURL(/\/applicants-photo$/);
    await expectNoA11yViolations(page);

    // Another photo is accepted; Continue moves on at once.
    await pick(photo, photo.tryAnotherPhoto, files.photo);
    await photo.expectAccepted();
    await photo.continueButton.click();
    await expect(page).toHaveURL(/\/travelers\/[^/]+\/personal-information$/);
    await expect(personalInfo.heading).toBeVisible();
    await expectNoA11yViolations(page);
    const accepted = (await fetchApplication(page.request, applicationId)).travelers[0];
    expect(accepted?.photo?.status).toBe('ACCEPTED');
    expect(accepted?.passportPage?.status).toBe('ACCEPTED');
  });
});
