import { expect, type Locator, type Page } from '@playwright/test';

export const VERIFY_EMAIL_PATH = '/auth/verify-email';

/** `/auth/verify-email` (signed-in users): the 6-digit code e-mailed after registration. */
export class VerifyEmailPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly code: Locator;
  readonly verify: Locator;
  readonly sendNewCode: Locator;
  readonly skip: Locator;
  readonly continueLink: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = page.getByRole('heading', { level: 1, name: 'Verify your email' });
    this.code = this.main.getByRole('textbox', { name: 'Verification code' });
    this.verify = this.main.getByRole('button', { name: 'Verify', exact: true });
    this.sendNewCode = this.main.getByRole('button', { name: 'Send a new code' });
    this.skip = this.main.getByRole('link', { name: 'Skip for now' });
    this.continueLink = this.main.getByRole('link', { name: 'Continue', exact: true });
  }

  /** The red box with this text. */
  error(text: string): Locator {
    return this.main.getByRole('alert').filter({ hasText: text });
  }

  status(text: string): Locator {
    return this.main.getByRole('status').filter({ hasText: text });
  }

  async enterCode(code: string): Promise<void> {
    await expect(this.code).toBeVisible();
    await this.code.fill(code);
    await this.verify.click();
  }
}
