import { expect, type Locator, type Page } from '@playwright/test';

export const LOGIN_PATH = '/auth/login';

/**
 * `/auth/login`, served by the account remote: e-mail first, then Continue; an account with a password gets the
 * password step, any other address is offered a sign-in link by e-mail.
 */
export class LoginPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly email: Locator;
  readonly continueButton: Locator;
  readonly registerLink: Locator;
  readonly password: Locator;
  readonly showPassword: Locator;
  readonly loginButton: Locator;
  readonly forgotPasswordLink: Locator;
  readonly useDifferentEmail: Locator;
  readonly sendLinkButton: Locator;
  /** The staff second step after the password (mf-account, /auth/second-factor). */
  readonly secondFactorHeading: Locator;
  readonly authenticatorCode: Locator;
  readonly verifyCodeButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Log in' });
    this.main = page.getByRole('main');
    this.email = this.main.getByRole('textbox', { name: 'Email' });
    this.continueButton = this.main.getByRole('button', { name: 'Continue' });
    this.registerLink = this.main.getByRole('link', { name: 'Create an account' });
    this.password = this.main.getByRole('textbox', { name: 'Password', exact: true });
    this.showPassword = this.main.getByRole('button', { name: 'Show password' });
    this.loginButton = this.main.getByRole('button', { name: 'Login', exact: true });
    this.forgotPasswordLink = this.main.getByRole('link', { name: 'Forgot password?' });
    this.useDifferentEmail = this.main.getByRole('button', { name: 'Use a different email' });
    this.sendLinkButton = this.main.getByRole('button', {
      name: 'Email me a sign-in link',
      exact: true,
    });
    this.secondFactorHeading = page.getByRole('heading', { level: 1, name: 'Two-step sign-in' });
    this.authenticatorCode = this.main.getByRole('textbox', { name: 'Authentication code' });
    this.verifyCodeButton = this.main.getByRole('button', { name: 'Verify', exact: true });
  }

  /** The staff second step: the code from the authenticator app, then Verify. */
  async enterAuthenticatorCode(code: string): Promise<void> {
    await expect(this.secondFactorHeading).toBeVisible();
    await expect(this.main).toContainText('Enter the code from your authenticator app.');
    await this.authenticatorCode.fill(code);
    await this.verifyCodeButton.click();
  }

  async goto(): Promise<void> {
    await this.page.goto(LOGIN_PATH);
    await expect(this.heading).toBeVisible();
  }

  /** The red box at the top of the form with this text. */
  error(text: string): Locator {
    return this.main.getByRole('alert').filter({ hasText: text });
  }

  /** A polite status message with this text. */
  status(text: string): Locator {
    return this.main.getByRole('status').filter({ hasText: text });
  }

  /** Enters the email and presses Continue. */
  async continueWith(email: string): Promise<void> {
    await this.email.fill(email);
    await this.continueButton.click();
  }

  /** The whole password sign-in: email, Continue, password, Login. */
  async logIn(email: string, password: string): Promise<void> {
    await this.continueWith(email);
    await expect(this.password).toBeVisible();
    await this.password.fill(password);
    await this.loginButton.click();
  }
}
