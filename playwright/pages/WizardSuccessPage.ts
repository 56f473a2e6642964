import { expect, type Locator, type Page } from '@playwright/test';

export const SUCCESS_PATH = '/application/success';

/** The page after payment: the payment received, the order, what is still needed and the way on. */
export class WizardSuccessPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly orderHeading: Locator;
  readonly order: Locator;
  readonly stillNeeded: Locator;
  readonly whatHappensNext: Locator;
  /** The page's one primary action: on to the pages after payment. */
  readonly continueWithDocuments: Locator;
  /** The secondary way out: a fresh wizard. */
  readonly startNewApplication: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = page.getByRole('heading', { level: 1, name: 'Payment received' });
    this.orderHeading = this.main.getByRole('heading', { level: 2, name: /^Order #/ });
    this.order = this.main.getByRole('region', { name: /^Order #/ });
    this.stillNeeded = this.main.getByRole('region', { name: 'What we still need from you' });
    this.whatHappensNext = this.main.getByRole('region', { name: 'What happens next' });
    this.continueWithDocuments = this.stillNeeded.getByRole('link', {
      name: 'Continue with your documents',
    });
    this.startNewApplication = this.main.getByRole('button', { name: 'Start a new application' });
  }

  /** The order reference the server gave (8 characters after 'Order #'). */
  async reference(): Promise<string> {
    await expect(this.orderHeading).toHaveText(/^Order #[A-Za-z0-9]{8}$/);
    const text = (await this.orderHeading.textContent()) ?? '';
    return text.replace(/^Order #/, '').trim();
  }
}
