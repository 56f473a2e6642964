import type { Locator, Page } from '@playwright/test';

/** The admin area's side menu (Dashboard, Applications); on a small screen a drawer behind 'Admin menu'. */
export class AdminMenu {
  readonly nav: Locator;
  readonly dashboard: Locator;
  readonly applications: Locator;
  readonly mobileMenuButton: Locator;
  readonly drawer: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('complementary', { name: 'Admin' }).getByRole('navigation', {
      name: 'Admin',
    });
    this.dashboard = this.nav.getByRole('link', { name: 'Dashboard', exact: true });
    this.applications = this.nav.getByRole('link', { name: 'Applications', exact: true });
    this.mobileMenuButton = page.getByRole('button', { name: 'Admin menu' });
    this.drawer = page.getByRole('dialog', { name: 'Admin' });
  }
}
