import type { Locator, Page } from '@playwright/test';
import { WizardDateInput } from './WizardDateInput';
import { WizardStepPage } from './WizardStepPage';

export const PERSONAL_INFO_PATH = '/application/personal-info';

/** Step 2, 'Your information': one collapsible card per traveller, the cost summary, Save and continue. */
export class WizardPersonalInfoPage extends WizardStepPage {
  readonly addTraveler: Locator;
  readonly saveAndContinue: Locator;
  readonly costSummary: Locator;

  constructor(page: Page) {
    super(page, 'Your information');
    this.addTraveler = this.main.getByRole('button', { name: 'Add another traveller' });
    this.saveAndContinue = this.main.getByRole('button', { name: 'Save and continue' });
    this.costSummary = this.main.getByRole('region', { name: 'Cost summary' });
  }

  /** The fields of traveller `index` (0-based); the cards list them in order. */
  traveler(index: number) {
    const main = this.main;
    return {
      toggle: main.getByRole('button', { name: `Traveller ${index + 1}`, exact: true }),
      firstName: main
        .getByRole('textbox', { name: 'First and middle name', exact: true })
        .nth(index),
      lastName: main.getByRole('textbox', { name: 'Last name', exact: true }).nth(index),
      dateOfBirth: new WizardDateInput(
        main.getByRole('group', { name: 'Date of birth', exact: true }).nth(index),
      ),
      remove: main.getByRole('button', {
        name: `Remove this traveller (traveller ${index + 1})`,
      }),
    };
  }

  /** Traveller 1's email (the only one asked). */
  get email(): Locator {
    return this.main.getByRole('textbox', { name: 'Email', exact: true });
  }
}
