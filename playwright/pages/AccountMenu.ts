import type { Locator, Page } from '@playwright/test';

/** The side menu of the account pages (orders and profile) on a wide screen. */
export class AccountMenu {
  readonly root: Locator;
  readonly editPersonalDetails: Locator;
  readonly myOrders: Locator;
  readonly logout: Locator;

  constructor(readonly page: Page) {
    this.root = page
      .getByRole('complementary', { name: 'Account' })
      .getByRole('navigation', { name: 'Account' });
    this.editPersonalDetails = this.root.getByRole('link', { name: 'Edit personal details' });
    this.myOrders = this.root.getByRole('link', { name: 'My orders', exact: true });
    this.logout = this.root.getByRole('button', { name: 'Logout', exact: true });
  }
}
