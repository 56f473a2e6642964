import type { Locator, Page } from '@playwright/test';
import { WizardStepPage } from './WizardStepPage';

export const PROCESSING_TIME_PATH = '/application/processing-time';

/**
 * Step 4, 'Processing time': the options as radio cards (a native radio named by the option, described by its
 * price and the date it is submitted by; the whole card is its label), and the summary.
 */
export class WizardProcessingTimePage extends WizardStepPage {
  readonly options: Locator;
  readonly summary: Locator;
  readonly saveAndContinue: Locator;

  constructor(page: Page) {
    super(page, 'Processing time');
    this.options = this.main.getByRole('group', { name: /^How fast do you need it\?/ });
    this.summary = this.main.getByRole('region', { name: 'Summary' });
    this.saveAndContinue = this.main.getByRole('button', { name: 'Save and continue' });
  }

  /** The radio of an option, by its name ('Standard', 'Express', …). */
  option(name: string): Locator {
    return this.options.getByRole('radio', { name, exact: true });
  }

  /** The whole card of an option: clicking anywhere on it chooses the option. */
  card(name: string): Locator {
    return this.options
      .locator('label')
      .filter({ has: this.page.getByRole('radio', { name, exact: true }) });
  }
}
