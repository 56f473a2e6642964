import type { Locator, Page } from '@playwright/test';

/** The shell's footer with the legal links. */
export class Footer {
  readonly root: Locator;
  readonly terms: Locator;
  readonly privacy: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('contentinfo');
    const legal = this.root.getByRole('navigation', { name: 'Legal' });
    this.terms = legal.getByRole('link', { name: 'Terms', exact: true });
    this.privacy = legal.getByRole('link', { name: 'Privacy', exact: true });
  }
}
