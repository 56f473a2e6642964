import { expect, type Locator } from '@playwright/test';

/** The design system's date as three selects (libs/ui DateInput): a group named by its legend. */
export class WizardDateInput {
  readonly day: Locator;
  readonly month: Locator;
  readonly year: Locator;

  constructor(readonly group: Locator) {
    this.day = group.getByRole('combobox', { name: 'Day', exact: true });
    this.month = group.getByRole('combobox', { name: 'Month', exact: true });
    this.year = group.getByRole('combobox', { name: 'Year', exact: true });
  }

  /** Chooses a YYYY-MM-DD date: year and month first, so the day is never disabled. */
  async set(iso: string): Promise<void> {
    const [year, month, day] = iso.split('-').map(Number);
    await this.year.selectOption(String(year));
    await this.month.selectOption(String(month));
    await this.day.selectOption(String(day));
  }

  /** The selects show the YYYY-MM-DD date. */
  async expectValue(iso: string): Promise<void> {
    const [year, month, day] = iso.split('-').map(Number);
    await expect(this.year).toHaveValue(String(year));
    await expect(this.month).toHaveValue(String(month));
    await expect(this.day).toHaveValue(String(day));
  }
}
