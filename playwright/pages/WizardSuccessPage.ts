import { expect, type Locator, type Page } from '@playwright/test';

export const SUCCESS_PATH = '/application/success';

/** The confirmation of a paid order. */
export class WizardSuccessPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly orderHeading: Locator;
  readonly order: Locator;
  readonly whatHappensNext: Locator;
  readonly continueWithDocuments: Locator;
  readonly submitNewApplication: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = page.getByRole('heading', {
      level: 1,
      name: 'Application Submitted Successfully',
    });
    this.orderHeading = this.main.getByRole('heading', { level: 2, name: /^Order #/ });
    this.order = this.main.getByRole('region', { name: /^Order #/ });
    this.whatHappensNext = this.main.getByRole('region', { name: 'What happens next' });
    this.continueWithDocuments = this.whatHappensNext.getByRole('link', {
      name: 'Continue with your documents',
    });
    this.submitNewApplication = this.main.getByRole('button', { name: 'Submit New Application' });
  }

  /** The order reference the server gave (8 characters after 'Order #'). */
  async reference(): Promise<string> {
    await expect(this.orderHeading).toHaveText(/^Order #[A-Za-z0-9]{8}$/);
    const text = (await this.orderHeading.textContent()) ?? '';
    return text.replace(/^Order #/, '').trim();
  }
}
