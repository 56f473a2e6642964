import type { Locator, Page } from '@playwright/test';

/** What the shell shows, inside its layout, when a remote cannot be downloaded or fails while showing. */
export class RemoteFallback {
  readonly alert: Locator;
  readonly heading: Locator;
  readonly tryAgain: Locator;
  readonly homeLink: Locator;

  constructor(readonly page: Page) {
    this.alert = page.getByRole('alert').filter({
      has: page.getByRole('heading', { name: 'This part of the site could not be loaded.' }),
    });
    this.heading = this.alert.getByRole('heading', {
      level: 1,
      name: 'This part of the site could not be loaded.',
    });
    this.tryAgain = this.alert.getByRole('button', { name: 'Try again' });
    this.homeLink = this.alert.getByRole('link', { name: 'Go to the home page' });
  }
}
