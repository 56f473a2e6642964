import { expect, type Locator, type Page } from '@playwright/test';

/**
 * `/upload/{id}`: the page a phone opens from the QR code (no sign-in): who the upload is for, then only the
 * camera ('Take a photo') and the file chooser ('Choose a file'); or, for a link that cannot be used, a friendly
 * page in the portal's layout.
 */
export class PhoneUploadPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly takePhoto: Locator;
  readonly chooseFile: Locator;
  readonly fileInputs: Locator;
  readonly linkEnded: Locator;
  readonly tryAgain: Locator;
  readonly accepted: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.takePhoto = this.main.getByLabel(/^Take a photo/);
    this.chooseFile = this.main.getByLabel(/^Choose a file/);
    this.fileInputs = this.main.locator('input[type="file"]');
    this.linkEnded = this.main.getByRole('alert');
    this.tryAgain = this.main.getByRole('button', { name: 'Try again' });
    this.accepted = this.main.getByRole('status').filter({ hasText: 'Great job!' });
  }

  /** The page is no wider than the screen: nothing scrolls sideways. */
  async expectNoHorizontalScroll(): Promise<void> {
    const { scrollWidth, clientWidth } = await this.page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth);
  }
}
