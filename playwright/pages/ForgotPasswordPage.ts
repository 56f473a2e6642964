import { expect, type Locator, type Page } from '@playwright/test';

export const FORGOT_PASSWORD_PATH = '/auth/forgot-password';

/** `/auth/forgot-password` (account remote): e-mails a 6-digit reset code, then moves on to reset. */
export class ForgotPasswordPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly email: Locator;
  readonly sendCode: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = page.getByRole('heading', { level: 1, name: 'Forgot password' });
    this.email = this.main.getByRole('textbox', { name: 'Email', exact: true });
    this.sendCode = this.main.getByRole('button', { name: 'Send reset code' });
  }

  async goto(): Promise<void> {
    await this.page.goto(FORGOT_PASSWORD_PATH);
    await expect(this.heading).toBeVisible();
  }

  status(text: string): Locator {
    return this.main.getByRole('status').filter({ hasText: text });
  }
}
