import { expect, type Locator, type Page } from '@playwright/test';
import { CountryPicker } from './CountryPicker';

export const TRIP_DETAILS_PATH = '/application/trip-details';

/** Step 1 of the guest wizard (mf-apply). */
export class TripDetailsPage {
  readonly heading: Locator;
  readonly stepper: Locator;
  readonly country: CountryPicker;
  readonly visaType: Locator;
  readonly travelDatesPlanned: Locator;
  readonly arrivalDate: Locator;
  readonly visaInformation: Locator;
  readonly startApplying: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Trip details' });
    this.stepper = page.getByRole('navigation', { name: 'Application progress' });
    this.country = new CountryPicker(page, 'Where are you from?');
    this.visaType = page.getByRole('combobox', { name: 'Apply for', exact: true });
    this.travelDatesPlanned = page.getByRole('switch', {
      name: 'Do you have any travel dates planned?',
    });
    this.arrivalDate = page.getByRole('group', { name: 'Arrival date' });
    this.visaInformation = page.getByRole('region', { name: 'Visa information' });
    this.startApplying = page.getByRole('button', { name: 'Start applying' });
  }

  async goto(): Promise<void> {
    await this.page.goto(TRIP_DETAILS_PATH);
    await this.waitUntilReady();
  }

  /** The remote has loaded, the countries are in and the visa types for the chosen country are shown. */
  async waitUntilReady(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await this.country.waitUntilLoaded();
    await expect(this.visaType).toBeVisible();
  }
}
