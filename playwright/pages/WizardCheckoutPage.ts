import type { Locator, Page } from '@playwright/test';
import { CountryPicker } from './CountryPicker';
import { WizardStepPage } from './WizardStepPage';

export const CHECKOUT_PATH = '/application/checkout';

/** A card as the sandbox payment form takes it. */
export interface TestCard {
  number: string;
  expiry: string;
  cvc: string;
}

/**
 * Billing details of the payment form. The country starts on the lead traveller's nationality; `country` (its
 * English name) chooses another. `postalCode` is left out for a country without postal codes.
 */
export interface Billing {
  name: string;
  email: string;
  country?: string;
  address: string;
  city: string;
  postalCode?: string;
}

/** The parts of the review, each with an 'Edit …' link to its step. */
export type ReviewEdit = 'trip details' | 'travellers' | 'passports' | 'processing speed';

/**
 * Step 5, 'Review your order': the trip, travellers and processing speed (each with Edit links) and the price,
 * then the payment form (accepted cards, Pay with the amount, security note, refund policy) and 3-D Secure.
 */
export class WizardCheckoutPage extends WizardStepPage {
  readonly expectedDelivery: Locator;
  readonly trip: Locator;
  readonly travelers: Locator;
  readonly processingSpeed: Locator;
  readonly price: Locator;
  readonly proceed: Locator;
  readonly payment: Locator;
  readonly totalToPay: Locator;
  readonly fullName: Locator;
  readonly email: Locator;
  readonly address: Locator;
  readonly city: Locator;
  /** Named as the billing country names it: 'ZIP code', 'Postcode', 'Eircode' or 'Postal code'. */
  readonly postalCode: Locator;
  readonly country: CountryPicker;
  readonly cardNumber: Locator;
  readonly expiry: Locator;
  readonly cvc: Locator;
  /** 'Pay €51.90': the button names the amount. */
  readonly pay: Locator;
  /** The red box beside Pay when a payment fails (declined, insufficient funds, 3-D Secure failed…). */
  readonly paymentProblem: Locator;
  readonly acceptedCards: Locator;
  readonly securityNote: Locator;
  readonly refundPolicy: Locator;
  readonly threeDSecure: Locator;
  readonly complete3ds: Locator;
  readonly fail3ds: Locator;

  constructor(page: Page) {
    super(page, 'Review your order');
    this.expectedDelivery = this.main.getByText(/^Expected delivery: /);
    this.trip = this.main.getByRole('region', { name: 'Your trip' });
    this.travelers = this.main.getByRole('region', { name: 'Travellers' });
    this.processingSpeed = this.main.getByRole('region', { name: 'Processing speed' });
    this.price = this.main.getByRole('region', { name: 'Price' });
    this.proceed = this.main.getByRole('button', { name: 'Proceed to checkout' });
    this.payment = this.main.getByRole('region', { name: 'Payment' });
    this.totalToPay = this.payment.getByText(/^Total to pay: /);
    this.fullName = this.payment.getByRole('textbox', { name: 'Full name', exact: true });
    this.email = this.payment.getByRole('textbox', { name: 'Email', exact: true });
    this.address = this.payment.getByRole('textbox', { name: 'Address', exact: true });
    this.city = this.payment.getByRole('textbox', { name: 'City', exact: true });
    this.postalCode = this.payment.getByRole('textbox', {
      name: /^(?:ZIP code|Postcode|Eircode|Postal code)$/,
    });
    this.country = new CountryPicker(this.payment, 'Country');
    this.cardNumber = this.payment.getByRole('textbox', { name: 'Card number', exact: true });
    this.expiry = this.payment.getByRole('textbox', { name: 'Expiry date (MM / YY)', exact: true });
    this.cvc = this.payment.getByRole('textbox', { name: 'CVC', exact: true });
    this.pay = this.payment.getByRole('button', { name: /^Pay €\d+\.\d{2}$/ });
    this.paymentProblem = this.payment.getByRole('alert', {
      name: 'Your payment did not go through',
    });
    this.acceptedCards = this.payment.getByRole('list', { name: 'Cards we accept' });
    this.securityNote = this.payment.getByText(
      'Payments are encrypted and processed by our payment provider; we never store your card number.',
    );
    this.refundPolicy = this.payment.getByRole('link', {
      name: 'Refund policy (opens in new tab)',
    });
    this.threeDSecure = page.getByRole('dialog', { name: '3D Secure authentication' });
    this.complete3ds = this.threeDSecure.getByRole('button', { name: 'Complete', exact: true });
    this.fail3ds = this.threeDSecure.getByRole('button', { name: 'Fail', exact: true });
  }

  /** The 'Edit …' link of a part of the review (the link shows 'Edit'; the rest is for screen readers). */
  edit(what: ReviewEdit): Locator {
    return this.main.getByRole('link', { name: `Edit ${what}`, exact: true });
  }

  /** The payment form's red box with this text (a declined card, a failed authentication…). */
  paymentError(text: string): Locator {
    return this.payment.getByRole('alert').filter({ hasText: text });
  }

  /** The payment form's error summary (billing and card fields). */
  get paymentErrorSummary(): Locator {
    return this.payment.getByRole('alert', { name: 'There is a problem' });
  }

  async fillBilling(billing: Billing): Promise<void> {
    await this.fullName.fill(billing.name);
    await this.email.fill(billing.email);
    if (
      billing.country !== undefined &&
      (await this.country.input.inputValue()) !== billing.country
    )
      await this.country.choose(billing.country);
    await this.address.fill(billing.address);
    await this.city.fill(billing.city);
    if (billing.postalCode !== undefined) await this.postalCode.fill(billing.postalCode);
  }

  /** Types the card as a traveller would (the fields format what is typed). */
  async fillCard(card: TestCard): Promise<void> {
    await this.cardNumber.fill('');
    await this.cardNumber.pressSequentially(card.number);
    await this.expiry.fill('');
    await this.expiry.pressSequentially(card.expiry);
    await this.cvc.fill(card.cvc);
  }
}
