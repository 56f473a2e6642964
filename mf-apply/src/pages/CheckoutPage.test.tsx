import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { PaymentText, WizardText } from '@waypoint/contracts';
import { selectAuth } from '@waypoint/platform';
import { selectApply } from '../state';
import {
  callsTo,
  countries,
  currentPath,
  failure,
  findTitle,
  mockApi,
  ok,
  passport,
  renderApply,
  traveler1,
  type Routes,
} from '../test/renderApply';

const wizard = {
  currentStep: 5 as const,
  hasPlannedDates: false,
  travelers: [{ ...traveler1, passport }],
  selectedProcessingOption: 'standard',
};

const price = {
  travelerCount: 1,
  governmentFeeGbpPence: 2000,
  governmentFeeCents: 2290,
  exchangeRate: { rate: '1.1450', date: '2026-01-02' },
  processingFeeCents: 2900,
  governmentTotalCents: 2290,
  serviceTotalCents: 2900,
  totalCents: 5190,
  currency: 'EUR',
};

const intent = {
  clientSecret: 'pi_1_secret_abc',
  paymentIntentId: 'pi_1',
  applicationId: 'app-0001',
  reference: 'WP7K3M9Q',
  provider: 'sandbox',
  publishableKey: null,
  price,
};

const intentStatus = (status: string, extra: object = {}) =>
  ok({
    id: 'pi_1',
    status,
    amount: 5190,
    currency: 'eur',
    lastError: null,
    nextAction: null,
    ...extra,
  });

const newUser = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  nationality: 'US',
  role: 'user',
  emailVerified: false,
  hasPassword: false,
  pendingEmail: null,
};

const confirmedBody = (user: object | null) => ({
  application: {
    id: 'app-0001',
    reference: 'WP7K3M9Q',
    status: 'IN_PROGRESS',
    createdAt: '2026-01-02T10:00:00Z',
    paidAt: '2026-01-02T10:05:00Z',
    visaTypeName: 'United Kingdom ETA',
    processingName: 'Standard',
    processingHours: 72,
    travelerCount: 1,
    totalCents: 5190,
  },
  user,
  signInLinkSent: user === null,
});
const confirmed = (user: object | null) => ok(confirmedBody(user));

async function openPayment(routes: Routes = {}) {
  const sent = mockApi({
    'POST /api/applications/create-payment-intent': ok(intent),
    ...routes,
  });
  const view = await renderApply('/application/checkout', { wizard });
  await findTitle('Review your order');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Proceed to checkout' }));
  await screen.findByRole('heading', { name: 'Payment' });
  return { sent, user, ...view };
}

/** A billing address in the United States, the traveller's nationality (the country the form starts on). */
async function fillPayment(user: UserEvent, number: string) {
  await user.type(screen.getByRole('textbox', { name: /Address/ }), '1 Main Street');
  await user.type(screen.getByRole('textbox', { name: /City/ }), 'Boston');
  await user.type(screen.getByRole('textbox', { name: /ZIP code/ }), '02108');
  await enterCard(user, number);
}

/** Chooses the billing country by typing its name in the country list. */
async function chooseBillingCountry(user: UserEvent, name: string) {
  const country = screen.getByRole('combobox', { name: /^Country/ });
  await user.click(country);
  await user.keyboard(name);
  await user.click(await screen.findByRole('option', { name }));
}

async function enterCard(user: UserEvent, number: string) {
  const field = screen.getByRole('textbox', { name: /Card number/ });
  await user.clear(field);
  await user.type(field, number);
  const expiry = screen.getByRole('textbox', { name: /Expiry date \(MM \/ YY\)/ });
  await user.clear(expiry);
  await user.type(expiry, '1240');
  const cvc = screen.getByRole('textbox', { name: /CVC/ });
  await user.clear(cvc);
  await user.type(cvc, '123');
}

/**
 * A failed payment is announced (role alert), takes focus and sits right above the Pay button, after the card
 * details, where the traveller is looking, not at the top of the form.
 */
async function expectPaymentProblem(message: string) {
  const alert = await screen.findByRole('alert', { name: 'Your payment did not go through' });
  expect(alert).toHaveTextContent(message);
  await waitFor(() => expect(alert).toHaveFocus());
  const cardDetails = screen.getByRole('group', { name: 'Card details' });
  const pay = screen.getByRole('button', { name: /^Pay/ });
  expect(
    cardDetails.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING,
  ).toBeTruthy();
  expect(alert.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(alert.nextElementSibling).toBe(pay);
}

describe('checkout', () => {
  it('reviews the order: trip, travellers, processing speed with delivery, and the price', async () => {
    mockApi({});
    await renderApply('/application/checkout', { wizard });
    await findTitle('Review your order');
    expect(await screen.findByText(/^Expected delivery:/)).toHaveTextContent(
      /Expected delivery: .+ by \d{2}:\d{2}/,
    );
    const trip = screen.getByRole('region', { name: 'Your trip' });
    expect(trip).toHaveTextContent('United States');
    expect(trip).toHaveTextContent('United Kingdom ETA');
    expect(trip).toHaveTextContent('No dates planned');
    const speed = screen.getByRole('region', { name: 'Processing speed' });
    expect(speed).toHaveTextContent('Standard – Checked and submitted within 72 hours');
    expect(speed).toHaveTextContent(/^Processing speed.*Expected delivery: .+ by \d{2}:\d{2}/);
    const cost = screen.getByRole('region', { name: 'Price' });
    expect(cost).toHaveTextContent('Government fee1 × £20.00 = 1 × €22.90');
    expect(cost).toHaveTextContent('Waypoint service fee1 × €29.00€29.00');
    expect(cost).toHaveTextContent('Total for 1 adult€51.90');
    expect(screen.getByRole('region', { name: 'Travellers' })).toHaveTextContent(
      /^Travellers.*Ada LovelaceDate of birth: 10 December 1990/,
    );
    expect(screen.queryByRole('navigation', { name: 'Application progress' })).toBeNull();
  });

  it('links each part of the review to the step that changes it', async () => {
    mockApi({});
    await renderApply('/application/checkout', { wizard });
    await findTitle('Review your order');
    await screen.findByRole('region', { name: 'Your trip' });
    const edits = [
      ['Your trip', 'Edit trip details', '/application/trip-details'],
      ['Travellers', 'Edit travellers', '/application/personal-info'],
      ['Travellers', 'Edit passports', '/application/passport-info'],
      ['Processing speed', 'Edit processing speed', '/application/processing-time'],
    ] as const;
    for (const [region, name, href] of edits) {
      const link = within(screen.getByRole('region', { name: region })).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
    }
    // Sighted users see 'Edit' (and 'Edit passports' beside 'Edit' for the travelers); the rest is for screen
    // readers.
    const hidden = (name: string) =>
      screen.getByRole('link', { name }).querySelector('.wp-visually-hidden')?.textContent;
    expect(hidden('Edit trip details')).toBe('trip details');
    expect(hidden('Edit travellers')).toBe('travellers');
    expect(hidden('Edit processing speed')).toBe('processing speed');
    expect(hidden('Edit passports')).toBeUndefined();
    expect(screen.getByRole('region', { name: 'Travellers' })).toHaveTextContent(
      'Passport ending 4567, expires 1 May 2033',
    );

    const user = userEvent.setup();
    // The step's page is downloaded when first opened: the click's render suspends until it has arrived.
    await act(() => user.click(screen.getByRole('link', { name: 'Edit travellers' })));
    await findTitle('Your information');
    expect(currentPath()).toBe('/application/personal-info');
  });

  it('names the amount on Pay, shows the accepted cards, the security note and the refund policy', async () => {
    const { user } = await openPayment();
    const payment = screen.getByRole('region', { name: 'Payment' });
    const pay = within(payment).getByRole('button', { name: 'Pay €51.90' });
    const brands = within(payment).getByRole('list', { name: 'Cards we accept' });
    expect(
      within(brands)
        .getAllByRole('img')
        .map((mark) => mark.getAttribute('aria-label')),
    ).toEqual(['Visa', 'Mastercard', 'American Express']);
    // Drawn inline: no image is fetched (the CSP allows only 'self' and data:).
    expect(brands.querySelector('img, image, use')).toBeNull();
    const note = within(payment).getByText(
      'Payments are encrypted and processed by our payment provider; we never store your card number.',
    );
    expect(pay.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const refunds = within(payment).getByRole('link', { name: 'Refund policy (opens in new tab)' });
    expect(refunds).toHaveAttribute('href', '/terms#refunds');
    expect(refunds).toHaveAttribute('target', '_blank');

    // The brand of the number typed stands out; the others fade.
    await user.type(screen.getByRole('textbox', { name: /Card number/ }), '42');
    const dimmed = within(brands)
      .getAllByRole('listitem')
      .map((item) => item.classList.contains('wpw-brands__item--dim'));
    expect(dimmed).toEqual([false, true, true]);
  });

  it("shows the server's reason in the red box and retries the same order with the same key", async () => {
    const sent = mockApi({
      'POST /api/applications/create-payment-intent': [
        failure(400, WizardText.precheckTravelers, {
          fieldErrors: { 'travelers.0.lastName': 'Traveller 1: Last name is required' },
        }),
        failure(500),
        ok(intent),
      ],
    });
    const first = await renderApply('/application/checkout', { wizard });
    await findTitle('Review your order');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Proceed to checkout' }));
    const box = await screen.findByText(WizardText.precheckTravelers);
    expect(box.closest('[role="alert"]')).toHaveTextContent('Traveller 1: Last name is required');

    await user.click(screen.getByRole('button', { name: 'Proceed to checkout' }));
    expect(await screen.findByText('Request failed')).toBeInTheDocument();
    first.unmount();

    // A reload keeps the key: the retry reuses the order already made.
    await renderApply('/application/checkout', { keepSession: true });
    await user.click(await screen.findByRole('button', { name: 'Proceed to checkout' }));
    await screen.findByRole('heading', { name: 'Payment' });

    const calls = callsTo(sent, 'POST /api/applications/create-payment-intent');
    expect(calls).toHaveLength(3);
    const bodies = calls.map((call) => call.body as Record<string, unknown>);
    const key = bodies[0]?.idempotencyKey as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(bodies.map((body) => body.idempotencyKey)).toEqual([key, key, key]);
    expect(bodies[0]).toEqual({
      countryId: 'US',
      visaTypeId: 'uk-eta',
      arrivalDate: null,
      hasPlannedDates: false,
      processingOptionId: 'standard',
      travelers: [{ ...traveler1, passport }],
      idempotencyKey: key,
    });
    expect(callsTo(sent, 'POST /api/applications/save')[0]?.body).toMatchObject({
      currentStep: 5,
    });
  });

  it('makes a new key once the order has changed', async () => {
    const sent = mockApi({
      'POST /api/applications/create-payment-intent': failure(400, WizardText.precheckTrip),
    });
    const first = await renderApply('/application/checkout', { wizard });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Proceed to checkout' }));
    await screen.findByText(WizardText.precheckTrip);
    first.unmount();

    window.sessionStorage.setItem(
      'waypoint-apply',
      JSON.stringify({
        ...JSON.parse(window.sessionStorage.getItem('waypoint-apply') ?? '{}'),
        selectedProcessingOption: 'fast',
      }),
    );
    await renderApply('/application/checkout', { keepSession: true });
    await user.click(await screen.findByRole('button', { name: 'Proceed to checkout' }));
    await waitFor(() =>
      expect(callsTo(sent, 'POST /api/applications/create-payment-intent')).toHaveLength(2),
    );
    const [before, after] = callsTo(sent, 'POST /api/applications/create-payment-intent').map(
      (call) => (call.body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(after).not.toBe(before);
  });

  it('checks the billing details and the card before anything is sent', async () => {
    const { sent, user } = await openPayment();
    expect(screen.getByRole('heading', { name: 'Payment' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('ada@example.com');
    // The billing country starts on the traveller's nationality.
    const country = screen.getByRole('combobox', { name: /^Country/ });
    expect(country).toHaveValue('United States');
    expect(country).toHaveAttribute('autocomplete', 'country');
    expect(screen.getByRole('textbox', { name: /ZIP code/ })).toHaveAttribute(
      'autocomplete',
      'postal-code',
    );
    expect(screen.getByText('Total to pay:').parentElement).toHaveTextContent('€51.90');

    await user.clear(screen.getByRole('textbox', { name: /Full name/ }));
    await enterCard(user, '4242424242424241');
    await user.click(screen.getByRole('button', { name: 'Pay €51.90' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      PaymentText.fullNameRequired,
      PaymentText.addressRequired,
      PaymentText.cityRequired,
      PaymentText.zipCodeRequired,
      PaymentText.invalidNumber,
    ]);
    expect(screen.getByRole('textbox', { name: /Card number/ })).toHaveValue('4242 4242 4242 4241');

    await fillPayment(user, '5555555555554444');
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Pay €51.90' }));
    expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      PaymentText.sandboxOnlyTestCards,
    );
    expect(callsTo(sent, 'POST /api/payments/sandbox/confirm')).toHaveLength(0);
  });

  it("checks the postal code by the billing country's rule, named as that country names it", async () => {
    const { sent, user } = await openPayment();
    const zip = screen.getByRole('textbox', { name: /ZIP code/ });
    expect(zip).toBeRequired();
    await fillPayment(user, '4242424242424242');
    await user.clear(zip);
    await user.type(zip, '0210');
    await user.click(screen.getByRole('button', { name: 'Pay €51.90' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link')).toHaveTextContent(
      PaymentText.zipCodeInvalid('10001'),
    );
    expect(zip).toHaveAccessibleDescription(`Error: ${PaymentText.zipCodeInvalid('10001')}`);

    // A billing address in the United Kingdom has a postcode.
    await chooseBillingCountry(user, 'United Kingdom');
    const postcode = screen.getByRole('textbox', { name: /Postcode/ });
    expect(postcode).toHaveValue('0210');
    await user.click(screen.getByRole('button', { name: 'Pay €51.90' }));
    expect(postcode).toHaveAccessibleDescription(
      `Error: ${PaymentText.postcodeInvalid('SW1A 1AA')}`,
    );
    expect(callsTo(sent, 'POST /api/payments/sandbox/confirm')).toHaveLength(0);
  });

  it('asks no postal code for a country without postal codes, and sends the country chosen', async () => {
    const { sent, user } = await openPayment({
      'GET /api/reference/countries': ok([
        ...countries,
        { id: 'HK', name: 'Hong Kong', flagEmoji: '🇭🇰', entryRule: 'ETA', ruleNote: null },
      ]),
      'POST /api/payments/sandbox/confirm': intentStatus('succeeded'),
      'POST /api/applications/confirm-payment': confirmed(null),
    });
    await chooseBillingCountry(user, 'Hong Kong');
    expect(screen.getByRole('combobox', { name: /^Country/ })).toHaveValue('Hong Kong');
    expect(screen.queryByRole('textbox', { name: /ZIP code|Postal code|Postcode/ })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /Address/ }), '1 Queen’s Road Central');
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Hong Kong');
    await enterCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay €51.90' }));
    await findTitle('Payment received');
    expect(callsTo(sent, 'POST /api/payments/sandbox/confirm')[0]?.body).toMatchObject({
      billingDetails: {
        address: { line1: '1 Queen’s Road Central', city: 'Hong Kong', country: 'HK' },
      },
    });
    const sentAddress = (
      callsTo(sent, 'POST /api/payments/sandbox/confirm')[0]?.body as {
        billingDetails: { address: object };
      }
    ).billingDetails.address;
    expect(sentAddress).not.toHaveProperty('postal_code');
  });

  it('lets an optional postal code be left blank', async () => {
    const { sent, user } = await openPayment({
      'GET /api/reference/countries': ok([
        ...countries,
        { id: 'IE', name: 'Ireland', flagEmoji: '🇮🇪', entryRule: 'NONE', ruleNote: null },
      ]),
      'POST /api/payments/sandbox/confirm': intentStatus('succeeded'),
      'POST /api/applications/confirm-payment': confirmed(null),
    });
    await chooseBillingCountry(user, 'Ireland');
    const eircode = screen.getByRole('textbox', { name: /Eircode/ });
    expect(eircode).not.toBeRequired();
    expect(eircode).toHaveAccessibleDescription(
      'Leave this blank if your address does not have one.',
    );
    await user.type(screen.getByRole('textbox', { name: /Address/ }), '1 Grafton Street');
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Dublin');
    await enterCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay €51.90' }));
    await findTitle('Payment received');
    expect(callsTo(sent, 'POST /api/payments/sandbox/confirm')[0]?.body).toMatchObject({
      billingDetails: { address: { city: 'Dublin', country: 'IE' } },
    });
  });

  it('shows a declined card, then pays with another card on the same order', async () => {
    const { sent, user, store } = await openPayment({
      'POST /api/payments/sandbox/confirm': [
        intentStatus('requires_payment_method', { lastError: PaymentText.declined }),
        intentStatus('succeeded'),
      ],
      'POST /api/applications/confirm-payment': confirmed(newUser),
    });
    await fillPayment(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay €51.90' }));
    expect(await screen.findByText(PaymentText.declined)).toBeInTheDocument();

    await enterCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay €51.90' }));
    await findTitle('Payment received');
    expect(currentPath()).toBe('/application/success');

    const confirms = callsTo(sent, 'POST /api/payments/sandbox/confirm');
    expect(confirms.map((call) => call.body)).toEqual([
      {
        paymentIntentId: 'pi_1',
        clientSecret: 'pi_1_secret_abc',
        paymentMethod: 'pm_card_visa_chargeDeclined',
        billingDetails: {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          address: {
            line1: '1 Main Street',
            city: 'Boston',
            postal_code: '02108',
            country: 'US',
          },
        },
      },
      expect.objectContaining({ paymentMethod: 'pm_card_visa' }),
    ]);
    expect(JSON.stringify(sent.map((call) => call.body))).not.toMatch(/4242|0002/);
    expect(callsTo(sent, 'POST /api/applications/create-payment-intent')).toHaveLength(1);
    expect(callsTo(sent, 'POST /api/applications/confirm-payment')[0]?.body).toEqual({
      paymentIntentId: 'pi_1',
      email: 'ada@example.com',
    });
    // The new account signs this browser in.
    expect(selectAuth(store.getState())).toMatchObject({
      isAuthenticated: true,
      user: { email: 'ada@example.com' },
    });
  });

  it.each([
    ['a declined card', '4000000000000002', PaymentText.declined],
    ['insufficient funds', '4000000000009995', PaymentText.insufficientFunds],
  ])('shows %s next to Pay, focused and announced', async (_case, number, message) => {
    const { user } = await openPayment({
      'POST /api/payments/sandbox/confirm': intentStatus('requires_payment_method', {
        lastError: message,
      }),
    });
    await fillPayment(user, number);
    await user.click(screen.getByRole('button', { name: /^Pay/ }));
    await expectPaymentProblem(message);
  });

  it('asks for 3-D Secure and pays when it is completed', async () => {
    const { sent, user } = await openPayment({
      'POST /api/payments/sandbox/confirm': intentStatus('requires_action', {
        nextAction: { type: 'three_d_secure' },
      }),
      'POST /api/payments/sandbox/authenticate': intentStatus('succeeded'),
      'POST /api/applications/confirm-payment': confirmed(null),
    });
    await fillPayment(user, '4000002500003155');
    await user.click(screen.getByRole('button', { name: 'Pay €51.90' }));
    const dialog = await screen.findByRole('dialog', { name: '3D Secure authentication' });
    expect(dialog).toHaveTextContent('card issuer');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('button', { name: 'Paying…' })).toHaveAttribute('aria-busy', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await findTitle('Payment received');
    expect(callsTo(sent, 'POST /api/payments/sandbox/authenticate')[0]?.body).toEqual({
      paymentIntentId: 'pi_1',
      clientSecret: 'pi_1_secret_abc',
      outcome: 'complete',
    });
    expect(screen.getByText(/already has a Waypoint account/)).toBeInTheDocument();
  });

  it('shows why when 3-D Secure fails, and a status that is not succeeded', async () => {
    const { sent, user } = await openPayment({
      'POST /api/payments/sandbox/confirm': [
        intentStatus('requires_action', { nextAction: { type: 'three_d_secure' } }),
        intentStatus('processing'),
      ],
      'POST /api/payments/sandbox/authenticate': intentStatus('requires_payment_method', {
        lastError: PaymentText.authenticationFailed,
      }),
    });
    await fillPayment(user, '4000002500003155');
    await user.click(screen.getByRole('button', { name: 'Pay €51.90' }));
    const dialog = await screen.findByRole('dialog', { name: '3D Secure authentication' });
    await user.click(within(dialog).getByRole('button', { name: 'Fail' }));
    await expectPaymentProblem(PaymentText.authenticationFailed);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(sent, 'POST /api/payments/sandbox/authenticate')[0]?.body).toMatchObject({
      outcome: 'fail',
    });

    await user.click(screen.getByRole('button', { name: 'Pay €51.90' }));
    expect(await screen.findByText('Payment not completed: processing')).toBeInTheDocument();
    expect(callsTo(sent, 'POST /api/applications/confirm-payment')).toHaveLength(0);
  });
});

describe('success', () => {
  it('says the payment is received, shows the order, what is still needed and one way on; keeps it on a reload', async () => {
    const { user, store, unmount } = await openPayment({
      'POST /api/payments/sandbox/confirm': intentStatus('succeeded'),
      'POST /api/applications/confirm-payment': confirmed(newUser),
    });
    await fillPayment(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay €51.90' }));
    const title = await findTitle('Payment received');
    // One heading of level 1, which takes the focus as the page opens.
    expect(screen.getAllByRole('heading', { level: 1 })).toEqual([title]);
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.queryByText('Application Submitted Successfully')).not.toBeInTheDocument();

    const check = () => {
      // The order's reference, as My orders and the e-mails show it.
      const order = screen.getByRole('region', { name: 'Order #WP7K3M9Q' });
      expect(order).toHaveTextContent('In progress');
      expect(order).toHaveTextContent('2 January 2026');
      expect(order).toHaveTextContent('United Kingdom ETA');
      expect(order).toHaveTextContent('Standard');
      // What is still needed, in plain words.
      const needed = screen.getByRole('region', { name: 'What we still need from you' });
      expect(
        within(needed)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'The passport page and a photo of the traveller',
        "Answers to the remaining questions: a phone number, and each traveller's personal details, passport details, work and declaration",
      ]);
      expect(needed).toHaveTextContent(
        'We can check your application and submit it to the UK government only once you have sent these.',
      );
      // One primary action: on to the pages after payment.
      const main = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
      const primary = main.querySelectorAll('.wp-button--primary');
      expect(primary).toHaveLength(1);
      const next = within(needed).getByRole('link', { name: 'Continue with your documents' });
      expect(primary[0]).toBe(next);
      expect(next).toHaveAttribute('href', '/application/app-0001/general-info');
      expect(
        screen.getByText(/submit it to the UK government within 72 hours/),
      ).toBeInTheDocument();
      // A new application is only a secondary way out.
      expect(screen.getByRole('button', { name: 'Start a new application' })).toHaveClass(
        'wp-button--link',
      );
      expect(
        screen.queryByRole('button', { name: 'Submit New Application' }),
      ).not.toBeInTheDocument();
    };
    check();
    expect(screen.queryByText(/already has a Waypoint account/)).not.toBeInTheDocument();
    // The wizard is reset (spec section 4).
    expect(selectApply(store.getState())).toMatchObject({
      currentStep: 1,
      hasPlannedDates: false,
      arrivalDate: '',
      travelers: [{ firstName: '', lastName: '', dateOfBirth: '' }],
      selectedProcessingOption: null,
      checkoutKey: null,
    });
    unmount();

    const reloaded = await renderApply('/application/success', { keepSession: true });
    await findTitle('Payment received');
    check();
    await user.click(screen.getByRole('button', { name: 'Start a new application' }));
    await findTitle('Trip details');
    expect(currentPath()).toBe('/application/trip-details');
    expect(selectApply(reloaded.store.getState()).confirmation).toBeNull();
    expect(
      screen.getByRole('switch', { name: 'Do you have any travel dates planned?' }),
    ).toHaveAttribute('aria-checked', 'false');
  });

  it('asks for the documents of every traveller of the order', async () => {
    const { user } = await openPayment({
      'POST /api/payments/sandbox/confirm': intentStatus('succeeded'),
      'POST /api/applications/confirm-payment': ok({
        ...confirmedBody(newUser),
        application: { ...confirmedBody(newUser).application, travelerCount: 3 },
      }),
    });
    await fillPayment(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay €51.90' }));
    await findTitle('Payment received');
    expect(screen.getByRole('region', { name: 'What we still need from you' })).toHaveTextContent(
      'The passport page and a photo of each of the 3 travellers',
    );
  });

  it('sends a visitor with nothing to confirm to the start', async () => {
    mockApi({});
    await renderApply('/application/success');
    await findTitle('Trip details');
  });
});

describe('an unpaid order reopened from My orders', () => {
  const account = {
    id: 'u1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    nationality: 'US',
    role: 'user' as const,
  };

  it('shows the order and goes straight to the payment', async () => {
    const sent = mockApi({
      'GET /api/applications/app-0001/checkout': ok({
        applicationId: 'app-0001',
        reference: 'WP7K3M9Q',
        status: 'DRAFT',
        clientSecret: 'pi_1_secret_abc',
        paymentIntentId: 'pi_1',
        provider: 'sandbox',
        publishableKey: null,
        price,
        visaTypeName: 'United Kingdom ETA',
        travelers: [{ firstName: 'Ada', lastName: 'Lovelace' }],
        nationality: 'US',
        email: 'ada@example.com',
      }),
      'POST /api/payments/sandbox/confirm': intentStatus('succeeded'),
      'POST /api/applications/confirm-payment': confirmed(null),
    });
    await renderApply('/application/checkout?applicationId=app-0001', { user: account });
    expect(await screen.findByRole('heading', { name: 'Order #WP7K3M9Q' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Price' })).toHaveTextContent('€51.90');
    const user = userEvent.setup();
    await fillPayment(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay €51.90' }));
    await findTitle('Payment received');
    expect(callsTo(sent, 'POST /api/applications/create-payment-intent')).toHaveLength(0);
    // The billing country started on the lead traveller's nationality.
    expect(callsTo(sent, 'POST /api/payments/sandbox/confirm')[0]?.body).toMatchObject({
      billingDetails: { address: { postal_code: '02108', country: 'US' } },
    });
    expect(callsTo(sent, 'POST /api/applications/confirm-payment')[0]?.body).toEqual({
      paymentIntentId: 'pi_1',
      email: 'ada@example.com',
    });
  });

  it("shows the server's reason when the order cannot be reopened", async () => {
    mockApi({
      'GET /api/applications/app-0002/checkout': failure(404, 'Application not found'),
    });
    await renderApply('/application/checkout?applicationId=app-0002', { user: account });
    expect(await screen.findByText('Application not found')).toBeInTheDocument();
  });
});
