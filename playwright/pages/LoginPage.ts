import { expect, type Locator, type Page } from '@playwright/test';

export const LOGIN_PATH = '/auth/login';

/** `/auth/login`, served by the account remote: e-mail first, then Continue. */
export class LoginPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly continueButton: Locator;
  readonly registerLink: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Log in' });
    const main = page.getByRole('main');
    this.email = main.getByRole('textbox', { name: 'Email' });
    this.continueButton = main.getByRole('button', { name: 'Continue' });
    this.registerLink = main.getByRole('link', { name: 'Create an account' });
  }

  async goto(): Promise<void> {
    await this.page.goto(LOGIN_PATH);
    await expect(this.heading).toBeVisible();
  }
}
