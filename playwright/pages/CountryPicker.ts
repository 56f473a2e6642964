import { expect, type Locator, type Page } from '@playwright/test';

/** The design system's type-to-search country combobox (libs/ui CountryPicker), found by its label. */
export class CountryPicker {
  readonly input: Locator;
  readonly listbox: Locator;
  readonly showAll: Locator;

  constructor(scope: Page | Locator, label: string) {
    this.input = scope.getByRole('combobox', { name: label, exact: true });
    this.listbox = scope.getByRole('listbox', { name: label, exact: true });
    this.showAll = scope.getByRole('button', { name: 'Show all countries' });
  }

  /** The options currently listed (the list must be open). */
  get options(): Locator {
    return this.listbox.getByRole('option');
  }

  option(name: string): Locator {
    return this.listbox.getByRole('option', { name, exact: true });
  }

  /** Waits until the countries have loaded (the input is disabled while they load). */
  async waitUntilLoaded(): Promise<void> {
    await expect(this.input).toBeEnabled();
  }

  async open(): Promise<void> {
    await this.waitUntilLoaded();
    await this.input.click();
    await expect(this.listbox).toBeVisible();
  }

  /** Types into the combobox, which filters the list. */
  async search(text: string): Promise<void> {
    await this.waitUntilLoaded();
    await this.input.fill(text);
    await expect(this.listbox).toBeVisible();
  }

  /** Searches for the country and clicks its option. */
  async choose(name: string): Promise<void> {
    await this.search(name);
    await this.option(name).click();
    await expect(this.listbox).toBeHidden();
    await expect(this.input).toHaveValue(name);
  }
}
