import type { Page, Response } from '@playwright/test';
import {
  CHECKOUT_PATH,
  WizardCheckoutPage,
  type Billing,
  type TestCard,
} from '../pages/WizardCheckoutPage';
import { PASSPORT_INFO_PATH, WizardPassportInfoPage } from '../pages/WizardPassportInfoPage';
import { PERSONAL_INFO_PATH, WizardPersonalInfoPage } from '../pages/WizardPersonalInfoPage';
import { PROCESSING_TIME_PATH, WizardProcessingTimePage } from '../pages/WizardProcessingTimePage';
import { SUCCESS_PATH, WizardSuccessPage } from '../pages/WizardSuccessPage';
import { WizardDateInput } from '../pages/WizardDateInput';
import { WizardStepPage } from '../pages/WizardStepPage';
import { TripDetailsPage } from '../pages/TripDetailsPage';
import { uniqueEmail } from './accounts';
import { expectNoA11yViolations } from './axe';
import { expect, test as portalTest } from './fixtures';

// The texts of spec sections 2, 5 and 8, libs/contracts WizardText and PaymentText, written out: a changed
// wording should fail here.
export const WizardCopy = {
  arrivalDateRequired: 'Please select your arrival date',
  firstNameRequired: 'Traveller 1: First name is required',
  lastNameRequired: 'Traveller 1: Last name is required',
  dateOfBirthRequired: 'Traveller 1: Date of birth is required',
  emailRequired: 'Traveller 1: Email is required',
  emailInvalid: 'Traveller 1: Valid email is required',
  passportNumberRequired: 'Traveller 1: Passport number is required',
  passportExpiryRequired: 'Traveller 1: Passport expiration date is required',
  secondNationalityRequired: 'Traveller 1: Please specify if you have another nationality',
  savedApplication: "You've already started an application.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  fullNameRequired: 'Full name is required',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  zipCodeRequired: 'ZIP code is required',
  invalidCardNumber: 'Your card number is invalid.',
} as const;

/** The sandbox's test cards (libs/contracts SANDBOX_TEST_CARDS), with an expiry next year. */
const NEXT_YEAR = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
const card = (number: string): TestCard => ({ number, expiry: `12${NEXT_YEAR}`, cvc: '123' });
export const CARDS = {
  visa: card('4242424242424242'),
  declined: card('4000000000000002'),
  insufficientFunds: card('4000000000009995'),
  threeDSecure: card('4000002500003155'),
} as const;

/** A traveller as the wizard asks for them. */
export interface Traveller {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  passportNumber: string;
  /** YYYY-MM-DD */
  passportExpiry: string;
}

const THIS_YEAR = new Date().getFullYear();

export const TRAVELLERS: readonly Traveller[] = [
  {
    firstName: 'Ann Marie',
    lastName: 'Lee',
    dateOfBirth: '1985-06-15',
    passportNumber: 'P1234567',
    passportExpiry: `${THIS_YEAR + 5}-03-10`,
  },
  {
    firstName: 'Ben',
    lastName: 'Lee',
    dateOfBirth: '1983-01-31',
    passportNumber: 'P7654321',
    passportExpiry: `${THIS_YEAR + 6}-11-02`,
  },
  {
    firstName: 'Cora',
    lastName: 'Lee',
    dateOfBirth: '2015-09-09',
    passportNumber: 'P5550001',
    passportExpiry: `${THIS_YEAR + 4}-07-21`,
  },
];

/** YYYY-MM-DD `days` from today (UTC, as the wizard's validation reads it). */
export function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A new traveller-1 address per test: paying creates (and signs in) a new account for it. */
export function wizardEmail(): string {
  return uniqueEmail('wizard');
}

/**
 * A billing address in the United States, the travellers' nationality: the payment form's country starts there,
 * so the address is given without choosing one.
 */
export function billingFor(traveller: Traveller, email: string): Billing {
  return {
    name: `${traveller.firstName} ${traveller.lastName}`,
    email,
    address: '1600 Pennsylvania Avenue NW',
    city: 'Washington',
    postalCode: '20500',
  };
}

/** The draft save a Save and continue sends (fire and forget in the page, awaited here). */
export function draftSaved(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/applications/save' &&
      response.request().method() === 'POST',
  );
}

export interface TripChoice {
  country?: string;
  visaType?: string;
  /** YYYY-MM-DD; null turns planned dates off. */
  arrivalDate?: string | null;
}

/**
 * The guest wizard step by step, as a traveller goes through it. Every step is scanned with axe once it is
 * shown (and the success page), so a journey is also an accessibility walk.
 */
export class Wizard {
  readonly tripDetails: TripDetailsPage;
  /** Step 1's banner, stepper and error summary (the trip details page object has the fields). */
  readonly trip: WizardStepPage;
  readonly personalInfo: WizardPersonalInfoPage;
  readonly passportInfo: WizardPassportInfoPage;
  readonly processingTime: WizardProcessingTimePage;
  readonly checkout: WizardCheckoutPage;
  readonly success: WizardSuccessPage;

  constructor(readonly page: Page) {
    this.tripDetails = new TripDetailsPage(page);
    this.trip = new WizardStepPage(page, 'Trip details');
    this.personalInfo = new WizardPersonalInfoPage(page);
    this.passportInfo = new WizardPassportInfoPage(page);
    this.processingTime = new WizardProcessingTimePage(page);
    this.checkout = new WizardCheckoutPage(page);
    this.success = new WizardSuccessPage(page);
  }

  /** Step 1: opens trip details, chooses the trip and presses Start applying; ends on step 2. */
  async tripStep({
    country = 'United States',
    visaType = 'United Kingdom ETA',
    arrivalDate = isoDaysFromNow(30),
  }: TripChoice = {}): Promise<void> {
    const trip = this.tripDetails;
    await trip.goto();
    await expectNoA11yViolations(this.page);
    if ((await trip.country.input.inputValue()) !== country) await trip.country.choose(country);
    await trip.visaType.selectOption({ label: visaType });
    await expect(trip.visaInformation).toBeVisible();
    const planned = (await trip.travelDatesPlanned.getAttribute('aria-checked')) === 'true';
    if ((arrivalDate !== null) !== planned) await trip.travelDatesPlanned.click();
    if (arrivalDate !== null) {
      await new WizardDateInput(trip.arrivalDate).set(arrivalDate);
    }
    await trip.startApplying.click();
    await expect(this.page).toHaveURL(PERSONAL_INFO_PATH);
    await this.personalInfo.waitUntilReady();
    await expectNoA11yViolations(this.page);
  }

  /** Fills traveller `index` on step 2 (the card must exist). */
  async fillTraveller(index: number, traveller: Traveller, email?: string): Promise<void> {
    const fields = this.personalInfo.traveler(index);
    await fields.firstName.fill(traveller.firstName);
    await fields.lastName.fill(traveller.lastName);
    await fields.dateOfBirth.set(traveller.dateOfBirth);
    if (index === 0 && email !== undefined) await this.personalInfo.email.fill(email);
  }

  /** Step 2: adds cards as needed, fills every traveller, Save and continue; ends on step 3. */
  async personalInfoStep(travellers: readonly Traveller[], email: string): Promise<void> {
    const step = this.personalInfo;
    for (let index = 1; index < travellers.length; index += 1) {
      await step.addTraveler.click();
      await expect(step.traveler(index).firstName).toBeVisible();
    }
    for (const [index, traveller] of travellers.entries())
      await this.fillTraveller(index, traveller, email);
    await expectNoA11yViolations(this.page);
    const saved = draftSaved(this.page);
    await step.saveAndContinue.click();
    expect((await saved).status()).toBe(200);
    await expect(this.page).toHaveURL(PASSPORT_INFO_PATH);
    await this.passportInfo.waitUntilReady();
    await expectNoA11yViolations(this.page);
  }

  /** Step 3: passport number, expiry and 'No' other nationality for everyone; ends on step 4. */
  async passportStep(travellers: readonly Traveller[]): Promise<void> {
    const step = this.passportInfo;
    for (const [index, traveller] of travellers.entries()) {
      const fields = step.traveler(index);
      await fields.number.fill(traveller.passportNumber);
      await fields.expirationDate.set(traveller.passportExpiry);
      await fields.secondNationality.getByRole('radio', { name: 'No', exact: true }).check();
    }
    await expectNoA11yViolations(this.page);
    const saved = draftSaved(this.page);
    await step.saveAndContinue.click();
    expect((await saved).status()).toBe(200);
    await expect(this.page).toHaveURL(PROCESSING_TIME_PATH);
    await this.processingTime.waitUntilReady();
    await expectNoA11yViolations(this.page);
  }

  /** Step 4: chooses the option and goes on to checkout. */
  async processingStep(option = 'Standard'): Promise<void> {
    const step = this.processingTime;
    await step.option(option).check();
    const saved = draftSaved(this.page);
    await step.saveAndContinue.click();
    expect((await saved).status()).toBe(200);
    await expect(this.page).toHaveURL(CHECKOUT_PATH);
    await this.checkout.waitUntilReady();
    await expect(this.checkout.proceed).toBeVisible();
    await expectNoA11yViolations(this.page);
  }

  /** Steps 1 to 4 for these travellers; ends on the checkout. */
  async upToCheckout(travellers: readonly Traveller[], email: string, trip: TripChoice = {}) {
    await this.tripStep(trip);
    await this.personalInfoStep(travellers, email);
    await this.passportStep(travellers);
    await this.processingStep();
  }

  /** Proceed to checkout: the order is created and the payment form shows. */
  async proceedToPayment(): Promise<void> {
    await this.checkout.proceed.click();
    await expect(this.checkout.payment).toBeVisible();
    await expect(this.checkout.proceed).toBeHidden();
    await expectNoA11yViolations(this.page);
  }

  /** Fills the card (billing must be filled) and presses Pay. */
  async payWith(card: TestCard): Promise<void> {
    await this.checkout.fillCard(card);
    await this.checkout.pay.click();
  }

  /** Waits for the success page, scans it and returns the order reference. */
  async expectSuccess(): Promise<string> {
    await expect(this.page).toHaveURL(SUCCESS_PATH);
    await expect(this.success.heading).toBeVisible();
    const reference = await this.success.reference();
    await expectNoA11yViolations(this.page);
    return reference;
  }
}

export interface WizardFixtures {
  wizard: Wizard;
}

/** The portal fixtures plus the wizard journey. */
export const test = portalTest.extend<WizardFixtures>({
  wizard: async ({ page }, use) => use(new Wizard(page)),
});

export { expect };
