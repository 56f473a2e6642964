import type { Locator, Page } from '@playwright/test';
import { CountryPicker } from './CountryPicker';
import { PostPaymentPage } from './PostPaymentPage';
import { WizardDateInput } from './WizardDateInput';

/** A yes/no question (a radio group named by its legend). */
export class YesNoQuestion {
  readonly group: Locator;
  readonly yes: Locator;
  readonly no: Locator;

  constructor(scope: Locator, legend: string) {
    this.group = scope.getByRole('group', { name: legend, exact: true });
    this.yes = this.group.getByRole('radio', { name: 'Yes', exact: true });
    this.no = this.group.getByRole('radio', { name: 'No', exact: true });
  }

  async answer(value: boolean): Promise<void> {
    await (value ? this.yes : this.no).check();
  }
}

/** A field's message under it: the description reads 'Error: …' (a hidden prefix). */
export const fieldError = (message: string) => `Error: ${message}`;

/**
 * `/application/{id}/general-info`: the phone's country (every country, each shown with its calling code), phone
 * number and how to send updates.
 */
export class PostPaymentGeneralInfoPage extends PostPaymentPage {
  readonly countryCode: Locator;
  readonly phoneNumber: Locator;
  readonly preference: Locator;

  constructor(page: Page) {
    super(page, 'General information');
    this.countryCode = this.content.getByRole('combobox', { name: 'Country code', exact: true });
    this.phoneNumber = this.content.getByRole('textbox', { name: 'Phone number', exact: true });
    this.preference = this.content.getByRole('group', {
      name: 'How should we send you updates?',
      exact: true,
    });
  }

  /** 'WhatsApp', 'SMS' or 'Neither'. */
  preferenceOption(label: string): Locator {
    return this.preference.getByRole('radio', { name: label, exact: true });
  }

  /** The option shown for a country: its name and calling code, e.g. 'United Kingdom (+44)'. */
  static countryCodeLabel(country: string, code: string): string {
    return `${country} (${code})`;
  }

  /** Chooses the phone's country by its name and calling code ('United Kingdom', '+44'). */
  async chooseCountryCode(country: string, code: string): Promise<void> {
    await this.countryCode.selectOption({
      label: PostPaymentGeneralInfoPage.countryCodeLabel(country, code),
    });
  }

  /** The option the phone's country select shows as chosen. */
  get chosenCountryCode(): Locator {
    return this.countryCode.locator('option:checked');
  }
}

/** `…/travelers/{travelerId}/personal-information`. */
export class PostPaymentPersonalInfoPage extends PostPaymentPage {
  readonly countryOfBirth: CountryPicker;
  readonly residentCountry: CountryPicker;
  readonly gender: Locator;
  readonly residenceAddress: Locator;
  readonly cityTown: Locator;

  constructor(page: Page) {
    super(page, 'Personal information');
    this.countryOfBirth = new CountryPicker(this.content, 'Country of birth');
    this.residentCountry = new CountryPicker(this.content, 'Resident country');
    this.gender = this.content.getByRole('group', { name: 'Gender', exact: true });
    this.residenceAddress = this.content.getByRole('textbox', {
      name: 'Residence street address',
      exact: true,
    });
    this.cityTown = this.content.getByRole('textbox', { name: 'City/town', exact: true });
  }

  genderOption(label: 'Male' | 'Female'): Locator {
    return this.gender.getByRole('radio', { name: label, exact: true });
  }
}

/**
 * `…/travelers/{travelerId}/passport-information`: the passport's details (as the wizard's passport step asks
 * them; given here by a traveller who chose to add them later) and the issuing country.
 */
export class PostPaymentPassportInfoPage extends PostPaymentPage {
  readonly details: Locator;
  readonly nationality: CountryPicker;
  readonly passportNumber: Locator;
  readonly expirationDate: WizardDateInput;
  readonly anotherNationality: YesNoQuestion;
  readonly issuingCountry: CountryPicker;
  /** Shown to a traveller who chose "Add passport details later" in the wizard. */
  readonly addLaterBanner: Locator;

  constructor(page: Page) {
    super(page, 'Passport information');
    this.details = this.content.getByRole('group', { name: 'Passport details', exact: true });
    this.nationality = new CountryPicker(this.details, 'Nationality');
    this.passportNumber = this.details.getByRole('textbox', { name: 'Passport number' });
    this.expirationDate = new WizardDateInput(
      this.details.getByRole('group', { name: 'Expiration date' }),
    );
    this.anotherNationality = new YesNoQuestion(this.details, 'Do you have another nationality?');
    this.issuingCountry = new CountryPicker(this.content, 'Which country issued your passport');
    this.addLaterBanner = this.content.getByRole('region', {
      name: 'Please add your passport details',
    });
  }
}

/**
 * `…/travelers/{travelerId}/work`: 'Do you currently work?', the job title when working, and the last paid work
 * (optional) when not.
 */
export class PostPaymentWorkPage extends PostPaymentPage {
  readonly working: YesNoQuestion;
  readonly jobTitle: Locator;
  readonly lastPaidWork: Locator;

  constructor(page: Page) {
    super(page, 'Work');
    this.working = new YesNoQuestion(this.content, 'Do you currently work?');
    this.jobTitle = this.content.getByRole('textbox', { name: 'Job title', exact: true });
    this.lastPaidWork = this.content.getByRole('textbox', {
      name: 'Your last paid work (if any)',
      exact: true,
    });
  }
}

/** `…/travelers/{travelerId}/declaration`: convictions (with details when yes) and the terrorism question. */
export class PostPaymentDeclarationPage extends PostPaymentPage {
  readonly convictions: YesNoQuestion;
  readonly convictionDetails: Locator;
  readonly terrorism: YesNoQuestion;

  constructor(page: Page) {
    super(page, 'Declaration');
    this.convictions = new YesNoQuestion(
      this.content,
      'Have you ever been convicted of a criminal offence?',
    );
    this.convictionDetails = this.content.getByRole('textbox', {
      name: 'What did you do?',
      exact: true,
    });
    this.terrorism = new YesNoQuestion(
      this.content,
      'Have you ever been involved in terrorist activities, espionage, sabotage, genocide, war crimes or crimes against humanity?',
    );
  }

  /**
   * The page as a parent or guardian answers it for a traveller under 16: a note that says so, and the questions
   * about the traveller by their first name ('Has Mia ever been convicted…').
   */
  forParent(firstName: string) {
    return {
      note: this.content.getByText(
        `You are answering for ${firstName}, who is under 16. A parent or guardian should answer.`,
        { exact: true },
      ),
      convictions: new YesNoQuestion(
        this.content,
        `Has ${firstName} ever been convicted of a criminal offence?`,
      ),
      terrorism: new YesNoQuestion(
        this.content,
        `Has ${firstName} ever been involved in terrorist activities, espionage, sabotage, genocide, war crimes or crimes against humanity?`,
      ),
    };
  }
}
