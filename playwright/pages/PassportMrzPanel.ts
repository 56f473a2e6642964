import type { Locator, Page } from '@playwright/test';

/**
 * The passport information page's part about the passport page's machine-readable zone: the word while it is
 * read, the agreement, or each difference ('You entered' / 'Your passport page reads') with its choices.
 */
export class PassportMrzPanel {
  readonly heading: Locator;
  readonly matched: Locator;
  readonly unreadable: Locator;
  readonly saved: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByText('Details read from your passport page', { exact: true });
    this.matched = page.getByText(
      'The details read from your passport page match the details you entered.',
    );
    this.unreadable = page.getByText(/We could not read the machine-readable lines/);
    this.saved = page.getByText("Saved: the passport's value is now in your application.");
  }

  /** The difference shown for a detail ('Passport number', 'Expiry date', …). */
  difference(field: string): Locator {
    return this.page.getByRole('listitem').filter({
      has: this.page.getByRole('heading', { name: field, level: 3, exact: true }),
    });
  }

  usePassportValue(field: string): Locator {
    return this.difference(field).getByRole('button', {
      name: `Use the passport's value for ${field}`,
    });
  }

  keepMine(field: string): Locator {
    return this.difference(field).getByRole('button', { name: `Keep my ${field}` });
  }
}
