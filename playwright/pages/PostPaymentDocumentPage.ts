import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { PostPaymentPage } from './PostPaymentPage';

export type DocumentKind = 'passport-page' | 'photo';

const TITLE: Record<DocumentKind, string> = {
  'passport-page': 'Passport page',
  photo: "Applicant's photo",
};

/**
 * `…/travelers/{travelerId}/passport-page` ('Choose an upload method': Use Your Phone, or Drag and Drop with
 * Browse Files) and `…/applicants-photo` (the four instructions, the example, 'Choose a photo' opening the picker).
 * On a phone (touch, or a narrow screen) both offer 'Take a photo' (the camera) and 'Choose from your photos'
 * instead. After an upload: a progress bar, then 'Great job!' with a preview and Continue, or the reasons it was
 * refused: Try again on the passport page; on the photo page the refused photo stays in view with the
 * instructions, and 'Try another photo'.
 */
export class PostPaymentDocumentPage extends PostPaymentPage {
  readonly uploadMethods: Locator;
  readonly usePhone: Locator;
  readonly showQrCode: Locator;
  /** The QR code and the link beside it, once 'Show the QR code' is pressed. */
  readonly qrCode: Locator;
  readonly phoneLink: Locator;
  readonly dragAndDrop: Locator;
  readonly browseFiles: Locator;
  /** The (visually hidden, labelled) file input behind Browse files or Continue. */
  readonly fileInput: Locator;
  readonly instructions: Locator;
  readonly examplePhoto: Locator;
  readonly progress: Locator;
  readonly uploading: Locator;
  readonly accepted: Locator;
  readonly preview: Locator;
  readonly replaceAnyway: Locator;
  readonly rejected: Locator;
  readonly reasons: Locator;
  readonly tryAgain: Locator;
  /** The photo page's own button that opens the picker (on a computer). */
  readonly choosePhoto: Locator;
  /** After a refused photo: the picker again, beside the refused photo and the instructions. */
  readonly tryAnotherPhoto: Locator;
  /** The refused photo, still shown with the reasons. */
  readonly refusedPreview: Locator;
  /** On a phone: the camera button and the phone's photos. */
  readonly takePhoto: Locator;
  readonly fromPhotos: Locator;
  /** On a phone: the (visually hidden, labelled) inputs behind those buttons; the camera's has `capture`. */
  readonly cameraInput: Locator;
  readonly libraryInput: Locator;

  constructor(
    page: Page,
    readonly kind: DocumentKind,
  ) {
    super(page, TITLE[kind]);
    const name = kind === 'photo' ? 'photo' : 'passport page';
    this.uploadMethods = this.content.getByRole('heading', { name: 'Choose an upload method' });
    this.usePhone = this.content.getByRole('region', { name: 'Use your phone' });
    this.showQrCode = this.usePhone.getByRole('button', { name: 'Show the QR code' });
    this.qrCode = this.usePhone.getByRole('img', { name: /^QR code/ });
    this.phoneLink = this.usePhone.getByRole('link', { name: /\/upload\// });
    this.dragAndDrop = this.content.getByRole('region', { name: 'Drag and drop' });
    this.browseFiles = this.dragAndDrop.getByRole('button', { name: 'Browse files' });
    this.fileInput = this.content.getByLabel(
      kind === 'photo' ? "Applicant's photo file" : 'Passport page file',
      { exact: true },
    );
    this.instructions = this.content
      .getByRole('list', { name: 'How to take a good photo' })
      .getByRole('listitem');
    this.examplePhoto = this.content.getByRole('img', { name: /^Example photo/ });
    this.progress = this.content.getByRole('progressbar', { name: 'Upload progress' });
    this.uploading = this.content.getByText(
      kind === 'photo' ? 'Uploading your photo...' : 'Uploading...',
      { exact: true },
    );
    this.accepted = this.content.getByRole('status').filter({ hasText: 'Great job!' });
    this.preview = this.accepted.getByRole('img', { name: `Your ${name}`, exact: true });
    this.replaceAnyway = this.content.getByRole('button', { name: 'Replace it anyway' });
    this.rejected = this.content
      .getByRole('alert')
      .filter({ hasText: 'Your upload did not pass our initial review' });
    this.reasons = this.rejected.getByRole('listitem');
    this.tryAgain = this.content.getByRole('button', { name: 'Try again', exact: true });
    this.choosePhoto = this.content.getByRole('button', { name: 'Choose a photo', exact: true });
    this.tryAnotherPhoto = this.content.getByRole('button', {
      name: 'Try another photo',
      exact: true,
    });
    this.refusedPreview = this.content.getByRole('img', { name: `Your ${name}`, exact: true });
    this.takePhoto = this.content.getByRole('button', { name: 'Take a photo', exact: true });
    this.fromPhotos = this.content.getByRole('button', {
      name: 'Choose from your photos',
      exact: true,
    });
    this.cameraInput = this.content.getByLabel(
      kind === 'photo'
        ? 'Take a photo with your front camera'
        : 'Take a photo of your passport page with your camera',
      { exact: true },
    );
    this.libraryInput = this.content.getByLabel(
      kind === 'photo'
        ? 'Choose a photo from your phone'
        : 'Choose a picture or a PDF of your passport page from your phone',
      { exact: true },
    );
  }

  /**
   * The button that opens the file picker on a computer: Browse Files on the passport page; on the photo page
   * 'Choose a photo', or 'Try another photo' after a refused one.
   */
  get picker(): Locator {
    return this.kind === 'photo' ? this.choosePhoto.or(this.tryAnotherPhoto) : this.browseFiles;
  }

  /** Chooses `file` as a traveller does: the picker button, then the file chooser. */
  async chooseFile(file: string): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.picker.click();
    await (await chooser).setFiles(file);
  }

  /** Drops `file` on the Drag and drop area (a real `drop` event carrying the file). */
  async dropFile(file: string, mimeType = 'image/jpeg'): Promise<void> {
    const bytes = (await readFile(file)).toString('base64');
    const dataTransfer = await this.page.evaluateHandle(
      ({ base64, name, type }) => {
        const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([data], name, { type }));
        return transfer;
      },
      { base64: bytes, name: path.basename(file), type: mimeType },
    );
    const target = this.dragAndDrop.getByText('Drag and drop', { exact: true });
    await target.dispatchEvent('dragover', { dataTransfer });
    await target.dispatchEvent('drop', { dataTransfer });
  }

  /** The upload passed the checks: 'Great job!', the text and a preview of the picture. */
  async expectAccepted(): Promise<void> {
    await expect(this.accepted).toContainText('Great job!');
    await expect(this.accepted).toContainText('Your upload passed our initial review!');
    await expect(this.preview).toBeVisible();
  }
}
