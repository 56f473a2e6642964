import type { Locator, Page } from '@playwright/test';

/**
 * The admin area's one menu (Dashboard, Applications, …): beside the page on a wide screen, a row of links above
 * it on a small one (no drawer of its own).
 */
export class AdminMenu {
  readonly nav: Locator;
  readonly dashboard: Locator;
  readonly applications: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('complementary', { name: 'Admin' }).getByRole('navigation', {
      name: 'Admin',
    });
    this.dashboard = this.nav.getByRole('link', { name: 'Dashboard', exact: true });
    this.applications = this.nav.getByRole('link', { name: 'Applications', exact: true });
  }
}
