import type { Locator, Page } from '@playwright/test';

/** The shell's footer with the legal links and the way to help. */
export class Footer {
  readonly root: Locator;
  readonly terms: Locator;
  readonly privacy: Locator;
  readonly helpCentre: Locator;
  readonly contactUs: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('contentinfo');
    const legal = this.root.getByRole('navigation', { name: 'Legal' });
    this.terms = legal.getByRole('link', { name: 'Terms', exact: true });
    this.privacy = legal.getByRole('link', { name: 'Privacy', exact: true });
    const help = this.root.getByRole('navigation', { name: 'Help and support' });
    this.helpCentre = help.getByRole('link', { name: 'Help centre', exact: true });
    this.contactUs = help.getByRole('link', { name: 'Contact us', exact: true });
  }
}
