import { expect, type Locator, type Page } from '@playwright/test';
import { CountryPicker } from './CountryPicker';

export const HOME_TITLE = 'Apply for your UK travel permission online, fast';
const PICKER_LABEL = 'Where are you from?';

/** `/`: hero with a country picker, why-choose-us tiles, the process, reviews and a second picker. */
export class HomePage {
  readonly heading: Locator;
  readonly hero: Locator;
  readonly heroPicker: CountryPicker;
  readonly heroGetStarted: Locator;
  readonly whyChooseUs: Locator;
  readonly howItWorks: Locator;
  readonly applyNow: Locator;
  readonly reviews: Locator;
  readonly closing: Locator;
  readonly closingPicker: CountryPicker;
  readonly closingGetStarted: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: HOME_TITLE });
    this.hero = page.getByRole('region', { name: HOME_TITLE });
    this.heroPicker = new CountryPicker(this.hero, PICKER_LABEL);
    this.heroGetStarted = this.hero.getByRole('button', { name: 'Get started' });
    this.whyChooseUs = page.getByRole('region', { name: 'Why choose Waypoint' });
    this.howItWorks = page.getByRole('region', { name: 'How it works' });
    this.applyNow = this.howItWorks.getByRole('link', { name: 'Apply now' });
    this.reviews = page.getByRole('region', { name: 'What travellers say' });
    this.closing = page.getByRole('region', { name: 'Ready to plan your UK trip?' });
    this.closingPicker = new CountryPicker(this.closing, PICKER_LABEL);
    this.closingGetStarted = this.closing.getByRole('button', { name: 'Get started' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
    await this.waitUntilReady();
  }

  /** The page is rendered and the countries are loaded. */
  async waitUntilReady(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await this.heroPicker.waitUntilLoaded();
  }

  /** Picks a country in the hero and presses Get started. */
  async startWith(country: string): Promise<void> {
    await this.heroPicker.choose(country);
    await this.heroGetStarted.click();
  }
}
