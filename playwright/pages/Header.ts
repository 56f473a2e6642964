import { expect, type Locator, type Page } from '@playwright/test';

/** The shell's header: brand link, main navigation, avatar menu and the mobile menu. */
export class Header {
  readonly root: Locator;
  readonly brand: Locator;
  readonly nav: Locator;
  readonly logIn: Locator;
  readonly help: Locator;
  readonly myOrders: Locator;
  /** Staff get their links instead of My orders. */
  readonly staffArea: Locator;
  readonly accountMenuButton: Locator;
  readonly accountSettings: Locator;
  readonly logOut: Locator;
  readonly mobileMenuButton: Locator;
  readonly mobileMenu: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('banner');
    this.brand = this.root.getByRole('link', { name: 'Waypoint', exact: true });
    this.nav = this.root.getByRole('navigation', { name: 'Main' });
    this.logIn = this.nav.getByRole('link', { name: 'Log in', exact: true });
    this.help = this.nav.getByRole('link', { name: 'Help', exact: true });
    this.myOrders = this.nav.getByRole('link', { name: 'My orders', exact: true });
    this.staffArea = this.nav.getByRole('link', { name: 'Staff area', exact: true });
    this.accountMenuButton = this.nav.getByRole('button', { name: /^Account menu for / });
    this.accountSettings = this.nav.getByRole('link', { name: 'Account settings', exact: true });
    this.logOut = this.nav.getByRole('button', { name: 'Log out', exact: true });
    this.mobileMenuButton = this.root.getByRole('button', { name: 'Menu', exact: true });
    this.mobileMenu = page.getByRole('dialog', { name: 'Menu', exact: true });
  }

  async openAccountMenu(): Promise<void> {
    await this.accountMenuButton.click();
    await expect(this.accountMenuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(this.accountSettings).toBeVisible();
  }

  async openMobileMenu(): Promise<Locator> {
    await this.mobileMenuButton.click();
    await expect(this.mobileMenu).toBeVisible();
    return this.mobileMenu;
  }
}
