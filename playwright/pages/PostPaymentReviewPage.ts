import { expect, type Locator, type Page } from '@playwright/test';
import { PostPaymentPage } from './PostPaymentPage';

/** `/application/{id}/review`: every section's state, then Submit Application (a summary once submitted). */
export class PostPaymentReviewPage extends PostPaymentPage {
  readonly submit: Locator;
  readonly goToOrders: Locator;

  constructor(page: Page, title = 'Review and submit') {
    super(page, title);
    this.submit = this.content.getByRole('button', { name: 'Submit Application' });
    this.goToOrders = this.content.getByRole('button', { name: 'Go to My orders' });
  }

  /** The list of one traveller's sections ('Traveler 1 – Ann Marie Lee'). */
  traveller(title: string): Locator {
    return this.content.getByRole('region', { name: title, exact: true });
  }

  /** The General Information line ('General Information: Completed'). */
  get generalInformation(): Locator {
    return this.content.getByRole('listitem').filter({
      has: this.page.getByRole('link', { name: 'General Information', exact: true }),
    });
  }
}

/** What another user (or a wrong id) gets at `/application/{id}/…`. */
export class PostPaymentNotFoundPage {
  readonly heading: Locator;
  readonly goToOrders: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Application not found' });
    this.goToOrders = main.getByRole('link', { name: 'Go to My orders' });
  }

  async expectShown(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveTitle('Application not found – Waypoint');
  }
}
