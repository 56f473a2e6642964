import type { Locator, Page } from '@playwright/test';

export const SIGN_IN_LINK_PATH = '/auth/verify';

/** `/auth/verify?token=…` (account remote): the e-mailed sign-in link. */
export class SignInLinkPage {
  readonly main: Locator;
  /** 'Signing you in' while the link is checked. */
  readonly heading: Locator;
  /** The heading once the server refused the link. */
  readonly expiredHeading: Locator;
  readonly pleaseWait: Locator;
  readonly logInLink: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = page.getByRole('heading', { level: 1, name: 'Signing you in' });
    this.expiredHeading = page.getByRole('heading', {
      level: 1,
      name: 'This sign-in link has expired',
    });
    this.pleaseWait = this.main.getByRole('status').filter({ hasText: 'Please wait...' });
    this.logInLink = this.main.getByRole('link', { name: 'log in', exact: true });
  }

  /** The red banner at the top with this text. */
  error(text: string): Locator {
    return this.main.getByRole('alert').filter({ hasText: text });
  }

  async goto(token: string): Promise<void> {
    await this.page.goto(`${SIGN_IN_LINK_PATH}?token=${encodeURIComponent(token)}`);
  }
}
