import type { Locator, Page } from '@playwright/test';

export const RESET_PASSWORD_PATH = '/auth/reset-password';

/** `/auth/reset-password` (account remote): e-mail, the e-mailed code and the new password twice. */
export class ResetPasswordPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly email: Locator;
  readonly code: Locator;
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly submit: Locator;
  readonly logInLink: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = page.getByRole('heading', { level: 1, name: 'Reset password' });
    this.email = this.main.getByRole('textbox', { name: 'Email', exact: true });
    this.code = this.main.getByRole('textbox', { name: 'Verification code' });
    this.newPassword = this.main.getByRole('textbox', { name: 'New password', exact: true });
    this.confirmPassword = this.main.getByRole('textbox', {
      name: 'Confirm password',
      exact: true,
    });
    this.submit = this.main.getByRole('button', { name: 'Reset password' });
    this.logInLink = this.main.getByRole('link', { name: 'Log in', exact: true });
  }

  status(text: string): Locator {
    return this.main.getByRole('status').filter({ hasText: text });
  }
}
