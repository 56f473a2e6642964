import { expect, type Locator, type Page } from '@playwright/test';
import { PostPaymentPage } from './PostPaymentPage';

/**
 * `/application/{id}/review`: "Check your answers" — the order, the general information and every answer of each
 * traveller in summary lists with Change links, then the declaration to confirm and Submit Application. Once
 * submitted, 'Your application': the same answers without Change links.
 */
export class PostPaymentReviewPage extends PostPaymentPage {
  readonly submit: Locator;
  readonly goToOrders: Locator;
  readonly order: Locator;
  readonly generalInformation: Locator;
  readonly declaration: Locator;

  constructor(page: Page, title = 'Check your answers') {
    super(page, title);
    this.submit = this.content.getByRole('button', { name: 'Submit application' });
    this.goToOrders = this.content.getByRole('button', { name: 'Go to my orders' });
    this.order = this.content.getByRole('region', { name: 'Your order', exact: true });
    this.generalInformation = this.content.getByRole('region', {
      name: 'General information',
      exact: true,
    });
    this.declaration = this.content.getByRole('checkbox', { name: /^I confirm that/ });
  }

  /** One traveller's answers ('Traveller 1 – Ann Marie Lee'). */
  traveller(title: string): Locator {
    return this.content.getByRole('region', { name: title, exact: true });
  }

  /** The answer to `question` within `scope` (a summary list row: question, answer, Change). */
  answer(scope: Locator, question: string): Locator {
    return scope
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${escape(question)}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  /** The Change link of `question` about `about` (a traveller's name, or 'general information'). */
  change(question: string, about: string): Locator {
    return this.content.getByRole('link', { name: `Change ${question} (${about})`, exact: true });
  }

  /** Ticks the declaration and submits. */
  async confirmAndSubmit(): Promise<void> {
    await this.declaration.check();
    await expect(this.declaration).toBeChecked();
    await this.submit.click();
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What another user (or a wrong id) gets at `/application/{id}/…`. */
export class PostPaymentNotFoundPage {
  readonly heading: Locator;
  readonly goToOrders: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Application not found' });
    this.goToOrders = main.getByRole('link', { name: 'Go to my orders' });
  }

  async expectShown(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveTitle('Application not found – Waypoint');
  }
}
