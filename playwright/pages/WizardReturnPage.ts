import type { Locator, Page } from '@playwright/test';

/** The path of a return link's page, `/application/return/<token>` (mf-apply). */
export const RETURN_PATH_PREFIX = '/application/return/';

/** The page of the "save and come back later" email's link, when the link cannot be used. */
export class WizardReturnPage {
  readonly main: Locator;
  readonly usedHeading: Locator;
  readonly expiredHeading: Locator;
  readonly unknownHeading: Locator;
  readonly problem: Locator;
  readonly startNew: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.usedHeading = page.getByRole('heading', {
      level: 1,
      name: 'This link has already been used',
    });
    this.expiredHeading = page.getByRole('heading', { level: 1, name: 'This link has expired' });
    this.unknownHeading = page.getByRole('heading', { level: 1, name: 'We cannot find this link' });
    this.problem = this.main.getByRole('alert');
    this.startNew = this.main.getByRole('link', { name: 'Start a new application', exact: true });
  }
}
