import { newAccount, profileOf, registerThroughApi } from '../support/accounts';
import { expectNoA11yViolations } from '../support/axe';
import { recordRequests } from '../support/fixtures';
import {
  billingFor,
  CARDS,
  draftSaved,
  expect,
  isoDaysFromNow,
  test,
  TRAVELLERS,
  Wizard,
  wizardEmail,
  WizardCopy,
} from '../support/wizard';
import { ORDERS_PATH, OrdersPage } from '../pages/OrdersPage';
import { CHECKOUT_PATH, type WizardCheckoutPage } from '../pages/WizardCheckoutPage';
import { PASSPORT_INFO_PATH } from '../pages/WizardPassportInfoPage';
import { PERSONAL_INFO_PATH } from '../pages/WizardPersonalInfoPage';
import { PROCESSING_TIME_PATH } from '../pages/WizardProcessingTimePage';
import { TRIP_DETAILS_PATH } from '../pages/TripDetailsPage';
import { SUCCESS_PATH } from '../pages/WizardSuccessPage';
import { WizardDateInput } from '../pages/WizardDateInput';

// Prices of a UK ETA for a US citizen with Standard processing (seed: £20.00 at 1.1450, service €29.00).
const GOVERNMENT_FEE = '€22.90';
const SERVICE_FEE = '€29.00';
const STANDARD_HOURS = 72;

/** 'Monday 23 November by 14:05' (or with a comma, as the ICU data has it) for now + `hours`. */
function laterDelivery(hours: number, before = '^Expected delivery: '): RegExp {
  const due = new Date(Date.now() + hours * 3_600_000);
  const weekday = due.toLocaleDateString('en-GB', { weekday: 'long' });
  const month = due.toLocaleDateString('en-GB', { month: 'long' });
  return new RegExp(`${before}${weekday},? ${due.getDate()} ${month} by \\d{2}:\\d{2}$`);
}

/**
 * A failed payment is read out and focused right above Pay, where the traveller is looking (it used to appear at
 * the top of the payment card, out of sight).
 */
async function expectProblemBesidePay(checkout: WizardCheckoutPage, message: string) {
  await expect(checkout.paymentProblem).toContainText(message);
  await expect(checkout.paymentProblem).toBeFocused();
  await expect(checkout.paymentProblem).toBeInViewport();
  await expect(checkout.pay).toBeInViewport();
  const problem = await checkout.paymentProblem.boundingBox();
  const pay = await checkout.pay.boundingBox();
  if (!problem || !pay) throw new Error('the problem or Pay is not laid out');
  const gap = pay.y - (problem.y + problem.height);
  expect(gap).toBeGreaterThanOrEqual(0);
  expect(gap).toBeLessThan(48);
}

/** A field's description when it is invalid (the message is read after a hidden 'Error: '). */
const fieldError = (message: string) => `Error: ${message}`;

const CREATE_INTENT = '/api/applications/create-payment-intent';

// Each paying test makes one order (create-payment-intent is limited to 30 an hour per IP): 4 in this file.
test.describe('guest application wizard', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a US citizen applies for a UK ETA, pays with 4242…, gets the reference, the email and the order in My orders', async ({
    page,
    wizard,
    mailbox,
    header,
  }) => {
    const [ann] = TRAVELLERS;
    if (!ann) throw new Error('no traveller');
    const email = wizardEmail();
    const arrival = isoDaysFromNow(30);

    // Step 1: the default country is the United States, the visa type and its card.
    await wizard.tripDetails.goto();
    await expect(page).toHaveTitle('Trip details – Waypoint');
    await expect(wizard.tripDetails.country.input).toHaveValue('United States');
    await expect(wizard.tripDetails.visaInformation).toContainText('ETA required');
    await expect(wizard.trip.currentStep).toContainText('Trip details');

    await wizard.tripStep({ arrivalDate: arrival });
    await expect(wizard.personalInfo.currentStep).toContainText('Your info');
    // The live cost summary for one traveller.
    await expect(wizard.personalInfo.costSummary.getByRole('definition')).toHaveText([
      GOVERNMENT_FEE,
      SERVICE_FEE,
      '€51.90',
    ]);

    await wizard.personalInfoStep([ann], email);
    await expect(wizard.passportInfo.currentStep).toContainText('Passport info');
    await expect(wizard.passportInfo.cardTitles).toHaveText(['Traveller 1: Ann Marie Lee']);
    // The trip's country is the default nationality.
    await expect(wizard.passportInfo.traveler(0).nationality).toHaveValue('United States');

    await wizard.passportStep([ann]);
    await expect(wizard.processingTime.currentStep).toContainText('Checkout');
    // The first option is preselected; each card shows its price per traveller and when it is submitted.
    await expect(wizard.processingTime.option('Standard')).toBeChecked();
    await expect(wizard.processingTime.options.getByRole('radio')).toHaveCount(3);
    await expect(wizard.processingTime.option('Standard')).toHaveAccessibleDescription(
      laterDelivery(
        STANDARD_HOURS,
        '^€29\\.00 per traveller Checked and submitted within 72 hours Submitted to the UK government: ',
      ),
    );
    await expect(wizard.processingTime.card('Express')).toContainText('€49.00');
    await expect(wizard.processingTime.summary).toContainText('€51.90');

    await wizard.processingStep('Standard');
    const checkout = wizard.checkout;
    await expect(page).toHaveTitle('Review your order – Waypoint');
    await expect(checkout.expectedDelivery).toHaveText(laterDelivery(STANDARD_HOURS));
    // The flag before the name is an image with no text alternative: the name says it.
    const flag = checkout.trip.getByRole('definition').first().locator('img');
    await expect(flag).toHaveAttribute('src', '/flags/us.svg');
    await expect(flag).toHaveAttribute('alt', '');
    await expect(checkout.trip.getByRole('definition')).toHaveText([
      /^\s*United States$/,
      'United Kingdom ETA',
      new Date(`${arrival}T00:00:00Z`).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
    ]);
    await expect(checkout.processingSpeed).toContainText(
      'Standard – Checked and submitted within 72 hours',
    );
    // Each part of the review links to its step.
    await expect(checkout.edit('trip details')).toHaveAttribute('href', TRIP_DETAILS_PATH);
    await expect(checkout.edit('travellers')).toHaveAttribute('href', PERSONAL_INFO_PATH);
    await expect(checkout.edit('passports')).toHaveAttribute('href', PASSPORT_INFO_PATH);
    await expect(checkout.edit('processing speed')).toHaveAttribute('href', PROCESSING_TIME_PATH);
    // A step's page is downloaded when first needed; following the link from the review opens it, and Back
    // returns to the review.
    await checkout.edit('travellers').click();
    await expect(page).toHaveTitle('Your information – Waypoint');
    await page.goBack();
    await expect(page).toHaveTitle('Review your order – Waypoint');
    await expect(checkout.travelers.getByRole('listitem')).toHaveCount(1);
    await expect(checkout.travelers).toContainText('Ann Marie Lee');
    await expect(checkout.travelers).toContainText(email);
    await expect(checkout.price.getByRole('term')).toContainText([
      'Government fee1 × £20.00 = 1 × €22.90',
      'Waypoint service fee1 × €29.00',
      'Total for 1 adult',
    ]);
    await expect(checkout.price.getByRole('definition')).toHaveText([
      GOVERNMENT_FEE,
      SERVICE_FEE,
      '€51.90',
    ]);

    await wizard.proceedToPayment();
    // The server's price and the traveller's details are carried over.
    await expect(checkout.totalToPay).toHaveText('Total to pay: €51.90');
    await expect(checkout.price.getByRole('definition')).toHaveText([
      GOVERNMENT_FEE,
      SERVICE_FEE,
      '€51.90',
    ]);
    await expect(checkout.fullName).toHaveValue('Ann Marie Lee');
    await expect(checkout.email).toHaveValue(email);
    // The billing country starts on the traveller's nationality, and names its postal code as it does.
    await expect(checkout.country.input).toHaveValue('United States');
    await expect(checkout.postalCode).toHaveAccessibleName('ZIP code');
    // What a payer looks for before paying: the amount on the button, the cards, security and refunds.
    await expect(checkout.pay).toHaveText('Pay €51.90');
    await expect(checkout.acceptedCards.getByRole('img')).toHaveCount(3);
    for (const brand of ['Visa', 'Mastercard', 'American Express'])
      await expect(checkout.acceptedCards.getByRole('img', { name: brand })).toBeVisible();
    await expect(checkout.securityNote).toBeVisible();
    await expect(checkout.refundPolicy).toHaveAttribute('href', '/terms#refunds');
    await checkout.fillBilling(billingFor(ann, email));
    await wizard.payWith(CARDS.visa);

    const reference = await wizard.expectSuccess();
    await expect(page).toHaveTitle('Payment received – Waypoint');
    await expect(wizard.success.heading).toBeFocused();
    await expect(wizard.success.order).toContainText('United Kingdom ETA');
    await expect(wizard.success.order).toContainText('Standard');
    // What is still needed, and the one primary action that leads to it.
    await expect(wizard.success.stillNeeded.getByRole('listitem')).toHaveText([
      'The passport page and a photo of the traveller',
      "Answers to the remaining questions: a phone number, and each traveller's personal details, passport details, work and declaration",
    ]);
    await expect(wizard.success.continueWithDocuments).toHaveAttribute(
      'href',
      /^\/application\/[^/]+\/general-info$/,
    );
    await expect(wizard.success.main.locator('.wp-button--primary')).toHaveCount(1);
    await expect(wizard.success.whatHappensNext).toContainText(
      `Once you have sent your application, we check it and submit it to the UK government within ${STANDARD_HOURS} hours.`,
    );
    await expect(wizard.success.startNewApplication).toBeVisible();

    // The confirmation e-mail names the server's reference.
    const mail = await mailbox.waitForMessage(email, { subject: /^Payment received – order #/ });
    expect(mail.subject).toBe(`Payment received – order #${reference}`);
    expect(mail.text).toContain('€51.90');
    expect(mail.links.some((link) => new URL(link).pathname.endsWith('/general-info'))).toBe(true);

    // Paying signed the new account in: My orders lists the paid order as active.
    await header.myOrders.click();
    await expect(page).toHaveURL(ORDERS_PATH);
    const orders = new OrdersPage(page);
    await orders.waitUntilReady();
    const card = orders.activePanel
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Order #${reference}` }) });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('United Kingdom ETA');
    const resume = card.getByRole('link', { name: `Continue application for order #${reference}` });
    await expect(resume).toBeVisible();
    await expect(resume).toContainText('Continue application');
    await expect(resume.locator('svg[aria-hidden="true"]')).toBeVisible();
    await expect(resume).toHaveAttribute('href', /^\/application\/[^/]+\/general-info$/);
    await expectNoA11yViolations(page);
  });

  test('three travellers (€155.70): a declined card, then 4242… pays the same order', async ({
    page,
    wizard,
    mailbox,
  }) => {
    const email = wizardEmail();
    const [first] = TRAVELLERS;
    if (!first) throw new Error('no traveller');
    const intents = recordRequests(page, CREATE_INTENT);

    await wizard.tripStep();
    await wizard.personalInfoStep(TRAVELLERS, email);
    // Cora (born 2015) is a child on the day of travel: the cost summary says so.
    await page.goto(PERSONAL_INFO_PATH);
    await wizard.personalInfo.waitUntilReady();
    await expect(wizard.personalInfo.costSummary).toContainText('Total for 2 adults, 1 child');
    await page.goto(PASSPORT_INFO_PATH);
    await wizard.passportInfo.waitUntilReady();
    await expect(wizard.passportInfo.cardTitles).toHaveText([
      'Traveller 1: Ann Marie Lee',
      'Traveller 2: Ben Lee',
      'Traveller 3: Cora Lee',
    ]);
    await wizard.passportStep(TRAVELLERS);
    await expect(wizard.processingTime.summary).toContainText('€155.70');
    await wizard.processingStep();

    const checkout = wizard.checkout;
    await expect(checkout.travelers.getByRole('listitem')).toHaveCount(3);
    await expect(checkout.price.getByRole('term')).toContainText([
      'Government fee3 × £20.00 = 3 × €22.90',
      'Waypoint service fee3 × €29.00',
      'Total for 2 adults, 1 child',
    ]);
    await expect(checkout.price.getByRole('definition')).toHaveText([
      '€68.70',
      '€87.00',
      '€155.70',
    ]);
    await wizard.proceedToPayment();
    await expect(checkout.totalToPay).toHaveText('Total to pay: €155.70');
    await expect(checkout.pay).toHaveText('Pay €155.70');

    // Pay with nothing filled in: the form's own messages, and nothing is charged.
    await checkout.fullName.fill('');
    await checkout.email.fill('');
    await checkout.pay.click();
    await expect(checkout.paymentErrorSummary).toBeFocused();
    await expect(checkout.paymentErrorSummary.getByRole('listitem')).toHaveText([
      WizardCopy.fullNameRequired,
      'Email is required',
      WizardCopy.addressRequired,
      WizardCopy.cityRequired,
      WizardCopy.zipCodeRequired,
      WizardCopy.invalidCardNumber,
      "Your card's expiration date is invalid.",
      "Your card's security code is invalid.",
    ]);
    await expect(checkout.address).toHaveAccessibleDescription(
      fieldError(WizardCopy.addressRequired),
    );
    await expectNoA11yViolations(page);

    await checkout.fillBilling(billingFor(first, email));
    await wizard.payWith(CARDS.declined);
    await expectProblemBesidePay(checkout, WizardCopy.declined);
    await expect(page).toHaveURL(CHECKOUT_PATH);
    await expect(checkout.pay).toBeEnabled();
    await expectNoA11yViolations(page);

    // Another refusal: its own reason, focused again.
    await wizard.payWith(CARDS.insufficientFunds);
    await expectProblemBesidePay(checkout, WizardCopy.insufficientFunds);
    await expect(checkout.paymentProblem).not.toContainText(WizardCopy.declined);

    await wizard.payWith(CARDS.visa);
    const reference = await wizard.expectSuccess();
    // One order only: the decline and the retry used the same payment.
    expect(intents).toHaveLength(1);

    const mail = await mailbox.waitForMessage(email, { subject: /^Payment received – order #/ });
    expect(mail.subject).toBe(`Payment received – order #${reference}`);
    expect(mail.text).toContain('€155.70');
    expect(mail.text).toContain('3 travellers');
  });

  test('an email that already has an account: paying links the order, mails a sign-in link, signs nobody in', async ({
    page,
    request,
    wizard,
    mailbox,
    header,
  }) => {
    const [first] = TRAVELLERS;
    if (!first) throw new Error('no traveller');
    // The account exists, but this browser is not signed in to it.
    const account = await registerThroughApi(request, newAccount({ email: wizardEmail() }));
    await wizard.upToCheckout([first], account.email);
    await wizard.proceedToPayment();
    await wizard.checkout.fillBilling(billingFor(first, account.email));
    await wizard.payWith(CARDS.visa);
    const reference = await wizard.expectSuccess();

    await expect(page.getByRole('region', { name: 'Check your inbox to sign in' })).toContainText(
      'This email address already has a Waypoint account',
    );
    await expect(header.logIn).toBeVisible();
    expect(await profileOf(page.request)).toBeNull();
    await mailbox.waitForMessage(account.email, { subject: /^Your Waypoint sign-in link$/ });
    const mail = await mailbox.waitForMessage(account.email, {
      subject: /^Payment received – order #/,
    });
    expect(mail.subject).toBe(`Payment received – order #${reference}`);
  });

  test('3-D Secure: Fail shows the authentication error, Complete on the next try pays', async ({
    page,
    wizard,
  }) => {
    const email = wizardEmail();
    const [first] = TRAVELLERS;
    if (!first) throw new Error('no traveller');
    await wizard.upToCheckout([first], email);
    const checkout = wizard.checkout;

    // Edit processing speed: back to the radio cards; a click anywhere on Express chooses it.
    await checkout.edit('processing speed').click();
    await expect(page).toHaveURL(PROCESSING_TIME_PATH);
    await wizard.processingTime.waitUntilReady();
    await wizard.processingTime.card('Express').getByText('€49.00').click();
    await expect(wizard.processingTime.option('Express')).toBeChecked();
    await expect(wizard.processingTime.option('Standard')).not.toBeChecked();
    await expectNoA11yViolations(page);
    await wizard.processingStep('Express');
    await expect(checkout.processingSpeed).toContainText('Express');

    await wizard.proceedToPayment();
    await expect(checkout.pay).toHaveText('Pay €71.90');
    await checkout.fillBilling(billingFor(first, email));
    await wizard.payWith(CARDS.threeDSecure);
    await expect(checkout.threeDSecure).toBeVisible();
    await expect(checkout.threeDSecure).toContainText('€71.90');
    await expectNoA11yViolations(page);
    await checkout.fail3ds.click();
    await expect(checkout.threeDSecure).toBeHidden();
    await expectProblemBesidePay(checkout, WizardCopy.authenticationFailed);
    await expect(page).toHaveURL(CHECKOUT_PATH);
    await expectNoA11yViolations(page);

    await checkout.pay.click();
    await expect(checkout.threeDSecure).toBeVisible();
    await expect(checkout.paymentError(WizardCopy.authenticationFailed)).toBeHidden();
    await checkout.complete3ds.click();
    await wizard.expectSuccess();

    // Start a new application: a fresh wizard (no dates planned, one empty traveller) and no saved
    // application offered, since the draft became the paid order.
    await wizard.success.startNewApplication.click();
    await expect(page).toHaveURL(TRIP_DETAILS_PATH);
    await wizard.tripDetails.waitUntilReady();
    await expect(wizard.tripDetails.travelDatesPlanned).toHaveAttribute('aria-checked', 'false');
    await expect(wizard.trip.savedBanner).toBeHidden();
    await expect(wizard.trip.currentStep).toContainText('Trip details');
    await page.goto(PERSONAL_INFO_PATH);
    await expect(page).toHaveURL(TRIP_DETAILS_PATH);
    await wizard.tripDetails.waitUntilReady();
    await expect(wizard.trip.savedBanner).toBeHidden();
    await expectNoA11yViolations(page);
  });

  test('validation messages: trip details, your information and passport info', async ({
    page,
    wizard,
  }) => {
    const [ann] = TRAVELLERS;
    if (!ann) throw new Error('no traveller');
    const trip = wizard.tripDetails;

    // Step 1: dates are planned by default and the arrival date is missing.
    await trip.goto();
    await expect(trip.travelDatesPlanned).toHaveAttribute('aria-checked', 'true');
    await trip.startApplying.click();
    const tripStep = wizard.trip;
    await expect(tripStep.errorSummary).toBeFocused();
    await expect(tripStep.errorSummary.getByRole('listitem')).toHaveText([
      WizardCopy.arrivalDateRequired,
    ]);
    await expect(trip.arrivalDate).toHaveAccessibleDescription(
      fieldError(WizardCopy.arrivalDateRequired),
    );
    await expect(page).toHaveURL(TRIP_DETAILS_PATH);
    await expectNoA11yViolations(page);
    // The summary links to the field.
    await tripStep.errorSummary.getByRole('link', { name: WizardCopy.arrivalDateRequired }).click();
    await expect(trip.arrivalDate.getByRole('combobox', { name: 'Day' })).toBeFocused();

    // Turning planned dates off clears the date; on again, it is still missing.
    const arrival = new WizardDateInput(trip.arrivalDate);
    await arrival.set(isoDaysFromNow(20));
    await trip.travelDatesPlanned.click();
    await expect(trip.travelDatesPlanned).toHaveAttribute('aria-checked', 'false');
    await expect(arrival.day).toBeDisabled();
    await trip.travelDatesPlanned.click();
    await expect(arrival.day).toHaveValue('');
    await arrival.set(isoDaysFromNow(20));
    await trip.startApplying.click();
    await expect(page).toHaveURL(PERSONAL_INFO_PATH);

    // Step 2, everything empty: every problem in the summary, and each field's own message.
    const info = wizard.personalInfo;
    await info.waitUntilReady();
    await info.saveAndContinue.click();
    await expect(info.errorSummary).toBeFocused();
    await expect(info.errorSummary.getByRole('listitem')).toHaveText([
      WizardCopy.firstNameRequired,
      WizardCopy.lastNameRequired,
      WizardCopy.dateOfBirthRequired,
      WizardCopy.emailRequired,
    ]);
    const fields = info.traveler(0);
    await expect(fields.firstName).toHaveAccessibleDescription(
      fieldError(WizardCopy.firstNameRequired),
    );
    await expect(fields.lastName).toHaveAccessibleDescription(
      fieldError(WizardCopy.lastNameRequired),
    );
    await expect(fields.dateOfBirth.group).toHaveAccessibleDescription(
      fieldError(WizardCopy.dateOfBirthRequired),
    );
    await expect(info.email).toHaveAccessibleDescription(
      `We send your confirmation and updates to this address. ${fieldError(WizardCopy.emailRequired)}`,
    );
    await expect(fields.firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(PERSONAL_INFO_PATH);
    await expectNoA11yViolations(page);

    // An e-mail without a dot in the domain is not valid.
    await wizard.fillTraveller(0, ann, 'ann@example');
    await info.saveAndContinue.click();
    await expect(info.errorSummary).toBeFocused();
    await expect(info.errorSummary.getByRole('listitem')).toHaveText([WizardCopy.emailInvalid]);
    await expect(info.email).toHaveAccessibleDescription(
      `We send your confirmation and updates to this address. ${fieldError(WizardCopy.emailInvalid)}`,
    );
    await expect(fields.firstName).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(PERSONAL_INFO_PATH);
    await expectNoA11yViolations(page);

    await info.email.fill(wizardEmail());
    const saved = draftSaved(page);
    await info.saveAndContinue.click();
    expect((await saved).status()).toBe(200);
    await expect(page).toHaveURL(PASSPORT_INFO_PATH);

    // Step 3: the nationality is the trip's country, so the summary starts with the passport number.
    const passport = wizard.passportInfo;
    await passport.waitUntilReady();
    await expect(passport.traveler(0).nationality).toHaveValue('United States');
    await passport.saveAndContinue.click();
    await expect(passport.errorSummary).toBeFocused();
    await expect(passport.errorSummary.getByRole('listitem')).toHaveText([
      WizardCopy.passportNumberRequired,
      WizardCopy.passportExpiryRequired,
      WizardCopy.secondNationalityRequired,
    ]);
    const passportFields = passport.traveler(0);
    await expect(passportFields.number).toHaveAccessibleDescription(
      fieldError(WizardCopy.passportNumberRequired),
    );
    await expect(passportFields.expirationDate.group).toHaveAccessibleDescription(
      fieldError(WizardCopy.passportExpiryRequired),
    );
    await expect(passportFields.secondNationality).toHaveAccessibleDescription(
      fieldError(WizardCopy.secondNationalityRequired),
    );
    await expect(page).toHaveURL(PASSPORT_INFO_PATH);
    await expectNoA11yViolations(page);

    // 'Add passport details later' leaves only the nationality to give.
    await passportFields.addLater.check();
    await expect(passportFields.number).toBeHidden();
    await passport.saveAndContinue.click();
    await expect(page).toHaveURL(PROCESSING_TIME_PATH);
    await wizard.processingTime.waitUntilReady();
    await expectNoA11yViolations(page);
  });

  test('the saved application: after a reload without the wizard, and in a new tab, Continue restores it', async ({
    page,
    context,
    wizard,
  }) => {
    const [ann] = TRAVELLERS;
    if (!ann) throw new Error('no traveller');
    const email = wizardEmail();
    const arrival = isoDaysFromNow(45);
    await wizard.tripStep({ arrivalDate: arrival });
    await wizard.personalInfoStep([ann], email);
    // On step 3 with the draft saved on the server (for this browser's guest session).

    // A reload that lost the wizard (sessionStorage cleared) is offered the saved one.
    await page.evaluate(() => window.sessionStorage.clear());
    await page.goto(TRIP_DETAILS_PATH);
    await wizard.tripDetails.waitUntilReady();
    const banner = wizard.trip;
    await expect(banner.savedBanner).toBeVisible();
    await expect(banner.savedBanner).toContainText(WizardCopy.savedApplication);
    await expect(banner.continueApplication).toBeVisible();
    await expectNoA11yViolations(page);
    // Dismissed, it stays away for this visit.
    await banner.dismissBanner.click();
    await expect(banner.savedBanner).toBeHidden();
    await page.reload();
    await wizard.tripDetails.waitUntilReady();
    await expect(wizard.tripDetails.startApplying).toBeVisible();
    await expect(banner.savedBanner).toBeHidden();

    // A new tab of the same browser starts without a wizard and is offered the draft too.
    const tab = await context.newPage();
    const other = new Wizard(tab);
    await other.tripDetails.goto();
    await expect(other.tripDetails.country.input).toHaveValue('United States');
    await expect(other.trip.savedBanner).toBeVisible();
    await expectNoA11yViolations(tab);
    await other.trip.continueApplication.click();

    await expect(tab).toHaveURL(PASSPORT_INFO_PATH);
    await other.passportInfo.waitUntilReady();
    await expect(other.passportInfo.savedBanner).toBeHidden();
    await expect(other.passportInfo.cardTitles).toHaveText(['Traveller 1: Ann Marie Lee']);
    await expectNoA11yViolations(tab);

    // The earlier steps show the restored data.
    await tab.goto(PERSONAL_INFO_PATH);
    await other.personalInfo.waitUntilReady();
    const fields = other.personalInfo.traveler(0);
    await expect(fields.firstName).toHaveValue(ann.firstName);
    await expect(fields.lastName).toHaveValue(ann.lastName);
    await fields.dateOfBirth.expectValue(ann.dateOfBirth);
    await expect(other.personalInfo.email).toHaveValue(email);
    await expectNoA11yViolations(tab);
    await tab.goto(TRIP_DETAILS_PATH);
    await other.tripDetails.waitUntilReady();
    await expect(other.tripDetails.visaType).toHaveValue('uk-eta');
    await expect(other.tripDetails.travelDatesPlanned).toHaveAttribute('aria-checked', 'true');
    await new WizardDateInput(other.tripDetails.arrivalDate).expectValue(arrival);
    await tab.close();
  });

  test('a later step opened in a new tab resumes the saved draft there, or at the furthest step it reaches', async ({
    page,
    context,
    wizard,
  }) => {
    const [ann] = TRAVELLERS;
    if (!ann) throw new Error('no traveller');
    await wizard.tripStep();
    await wizard.personalInfoStep([ann], wizardEmail());
    await wizard.passportStep([ann]);
    // On step 4 with the draft saved on the server; a new tab of the same browser has no wizard of its own.
    const tab = await context.newPage();
    const other = new Wizard(tab);
    await tab.goto(PROCESSING_TIME_PATH);
    await other.processingTime.waitUntilReady();
    await expect(tab).toHaveURL(PROCESSING_TIME_PATH);
    await expect(other.processingTime.savedBanner).toBeHidden();
    await expectNoA11yViolations(tab);
    await tab.goto(PASSPORT_INFO_PATH);
    await other.passportInfo.waitUntilReady();
    await expect(other.passportInfo.cardTitles).toHaveText(['Traveller 1: Ann Marie Lee']);
    await tab.close();

    // Checkout is further than the draft reaches: the furthest step it does reach opens instead.
    const another = await context.newPage();
    await another.goto(CHECKOUT_PATH);
    await expect(another).toHaveURL(PROCESSING_TIME_PATH);
    await new Wizard(another).processingTime.waitUntilReady();
    await another.close();
    await expect(page).toHaveURL(PROCESSING_TIME_PATH);
  });

  test('jumping ahead: a later step than the saved one redirects back to it', async ({
    page,
    wizard,
  }) => {
    await wizard.tripStep();
    // On step 2: checkout, processing time and passport info are not reached yet.
    for (const later of [CHECKOUT_PATH, PROCESSING_TIME_PATH, PASSPORT_INFO_PATH]) {
      await page.goto(later);
      await expect(page).toHaveURL(PERSONAL_INFO_PATH);
      await wizard.personalInfo.waitUntilReady();
    }
    await expect(wizard.personalInfo.currentStep).toContainText('Your info');
    await expectNoA11yViolations(page);
    // Nothing paid in this visit: the success page has nothing to show.
    await page.goto(SUCCESS_PATH);
    await expect(page).toHaveURL(TRIP_DETAILS_PATH);
    // An earlier step stays reachable.
    await page.goto(TRIP_DETAILS_PATH);
    await wizard.tripDetails.waitUntilReady();
    await expect(page).toHaveURL(TRIP_DETAILS_PATH);
  });

  test('a nationality that needs nothing (United Kingdom) sees the notice and cannot start', async ({
    page,
    wizard,
  }) => {
    const trip = wizard.tripDetails;
    await trip.goto();
    await trip.country.choose('United Kingdom');
    const notice = page.getByRole('region', {
      name: 'British citizens do not need an ETA or a visa to enter the United Kingdom.',
    });
    await expect(notice).toBeVisible();
    await expect(trip.startApplying).toHaveCount(0);
    await expect(trip.visaType).toHaveCount(0);
    await expect(trip.travelDatesPlanned).toHaveCount(0);
    await expect(trip.visaInformation).toHaveCount(0);
    await expectNoA11yViolations(page);

    // Steps further on stay closed.
    await page.goto(PERSONAL_INFO_PATH);
    await expect(page).toHaveURL(TRIP_DETAILS_PATH);
    await trip.country.waitUntilLoaded();
    await expect(notice).toBeVisible();

    // Back to a country that needs an ETA: the form returns.
    await trip.country.choose('United States');
    await expect(notice).toBeHidden();
    await expect(trip.startApplying).toBeVisible();
    await expect(trip.visaInformation).toContainText('ETA required');
  });
});
