import type { Locator, Page } from '@playwright/test';
import { WizardDateInput } from './WizardDateInput';
import { WizardStepPage } from './WizardStepPage';

export const PASSPORT_INFO_PATH = '/application/passport-info';

/** Step 3, 'Passport information': a card per traveller. */
export class WizardPassportInfoPage extends WizardStepPage {
  readonly saveAndContinue: Locator;

  constructor(page: Page) {
    super(page, 'Passport information');
    this.saveAndContinue = this.main.getByRole('button', { name: 'Save and continue' });
  }

  /** The card toggles, titled 'Traveller N' or 'Traveller N: First Last'. */
  get cardTitles(): Locator {
    return this.main.getByRole('heading', { level: 2 }).getByRole('button');
  }

  /** The fields of traveller `index` (0-based), in the order of the cards. */
  traveler(index: number) {
    const main = this.main;
    return {
      nationality: main.getByRole('combobox', { name: 'Nationality', exact: true }).nth(index),
      addLater: main.getByRole('checkbox', { name: 'Add passport details later' }).nth(index),
      number: main.getByRole('textbox', { name: 'Passport number', exact: true }).nth(index),
      expirationDate: new WizardDateInput(
        main.getByRole('group', { name: 'Expiration date', exact: true }).nth(index),
      ),
      secondNationality: main
        .getByRole('group', { name: 'Do you have another nationality?', exact: true })
        .nth(index),
    };
  }
}
