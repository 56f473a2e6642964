import { expect, type Locator, type Page } from '@playwright/test';
import type { TestAccount } from '../support/accounts';

export const REGISTER_PATH = '/auth/register';

/** `/auth/register` (account remote): names, e-mail, password twice with a live mismatch message. */
export class RegisterPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly firstName: Locator;
  readonly lastName: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly confirmPassword: Locator;
  readonly createAccount: Locator;
  readonly logInLink: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = page.getByRole('heading', { level: 1, name: 'Create an account' });
    this.firstName = this.main.getByRole('textbox', { name: 'First name', exact: true });
    this.lastName = this.main.getByRole('textbox', { name: 'Last name', exact: true });
    this.email = this.main.getByRole('textbox', { name: 'Email', exact: true });
    this.password = this.main.getByRole('textbox', { name: 'Password', exact: true });
    this.confirmPassword = this.main.getByRole('textbox', {
      name: 'Confirm password',
      exact: true,
    });
    this.createAccount = this.main.getByRole('button', { name: 'Create account' });
    this.logInLink = this.main.getByRole('link', { name: 'Log in', exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto(REGISTER_PATH);
    await expect(this.heading).toBeVisible();
  }

  async fill(account: TestAccount, confirmPassword = account.password): Promise<void> {
    await this.firstName.fill(account.firstName);
    await this.lastName.fill(account.lastName);
    await this.email.fill(account.email);
    await this.password.fill(account.password);
    await this.confirmPassword.fill(confirmPassword);
  }
}
