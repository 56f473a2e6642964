import { expect, type Locator, type Page } from '@playwright/test';

/** What every page of the guest wizard (mf-apply) has: the heading, stepper, banner and error summary. */
export class WizardStepPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly stepper: Locator;
  readonly currentStep: Locator;
  readonly errorSummary: Locator;
  readonly savedBanner: Locator;
  readonly continueApplication: Locator;
  readonly dismissBanner: Locator;

  constructor(
    readonly page: Page,
    readonly title: string,
  ) {
    this.main = page.getByRole('main');
    this.heading = page.getByRole('heading', { level: 1, name: title, exact: true });
    this.stepper = page.getByRole('navigation', { name: 'Application progress' });
    this.currentStep = this.stepper.locator('[aria-current="step"]');
    this.errorSummary = page.getByRole('alert', { name: 'There is a problem' });
    this.savedBanner = page.getByRole('region', { name: "You've already started an application." });
    this.continueApplication = this.savedBanner.getByRole('button', {
      name: 'Continue application',
    });
    this.dismissBanner = this.savedBanner.getByRole('button', { name: 'Dismiss this message' });
  }

  /** The heading is shown (the remote and the saved-application look-up have loaded). */
  async waitUntilReady(): Promise<void> {
    await expect(this.heading).toBeVisible();
  }
}
