import { eq } from 'drizzle-orm';
import { PaymentText, WizardText } from '@waypoint/contracts';
import {
  applications,
  auditLog,
  drafts,
  emailOutbox,
  payments,
  travelers,
  users,
} from '../../db/schema';
import { Browser, lastSignInToken, STRONG_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { orderBody } from '../../test/orders';

let t: TestApp;
let ip = 1;
const browser = () => new Browser(t.app, `10.2.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);

/** A wizard's draft at `currentStep`, as the browser saves it. */
const wizardDraft = (currentStep: number) => ({
  countryId: 'us',
  visaTypeId: 'uk-eta',
  arrivalDate: null,
  hasPlannedDates: false,
  travelers: [{ firstName: 'Ann', lastName: '', dateOfBirth: '' }],
  selectedProcessingOption: null,
  currentStep,
});

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Intent = {
  applicationId: string;
  paymentIntentId: string;
  clientSecret: string;
  reference: string;
  price: { totalCents: number };
};

async function order(b: Browser, email: string, travelers = 1, overrides = {}) {
  const res = await b.post(
    '/api/applications/create-payment-intent',
    orderBody(email, travelers, overrides),
  );
  expect(res.statusCode).toBe(200);
  return body<{ data: Intent }>(res).data;
}

const LONDON = { line1: '1 High St', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' };

async function pay(
  b: Browser,
  intent: Intent,
  paymentMethod = 'pm_card_visa',
  address: Record<string, string> = LONDON,
) {
  return b.post('/api/payments/sandbox/confirm', {
    paymentIntentId: intent.paymentIntentId,
    clientSecret: intent.clientSecret,
    paymentMethod,
    billingDetails: { name: 'Ann Lee', email: 'ann@example.com', address },
  });
}

describe('drafts', () => {
  it('saves and returns the draft of this browser, and of a signed-in user', async () => {
    const b = browser();
    expect(body(await b.get('/api/applications/session-data'))).toEqual({
      success: true,
      data: { data: null, sessionId: null },
    });
    const draft = wizardDraft(2);
    const saved = await b.post('/api/applications/save', draft);
    expect(saved.statusCode).toBe(200);
    const { sessionId } = body<{ data: { sessionId: string } }>(saved).data;
    const loaded = body<{
      data: {
        data: { countryId: string; currentStep: number; travelers: unknown[] };
        sessionId: string;
      };
    }>(await b.get('/api/applications/session-data')).data;
    expect(loaded.sessionId).toBe(sessionId);
    expect(loaded.data).toMatchObject({
      countryId: 'US',
      currentStep: 2,
      travelers: [{ firstName: 'Ann' }],
    });
    // Another browser sees nothing.
    expect(body(await browser().get('/api/applications/session-data'))).toMatchObject({
      data: { data: null },
    });

    await b.post('/api/auth/register', {
      firstName: 'Ann',
      lastName: 'Lee',
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
    });
    await b.post('/api/applications/save', { ...draft, currentStep: 3 });
    expect(
      body<{ data: { data: { currentStep: number } } }>(
        await b.get('/api/applications/session-data'),
      ).data.data.currentStep,
    ).toBe(3);
  });

  it('refuses more than 10 travellers and malformed drafts', async () => {
    const res = await browser().post('/api/applications/save', {
      travelers: Array.from({ length: 11 }, () => ({})),
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ error: WizardText.maxTravelers });
    expect((await browser().post('/api/applications/save', { currentStep: 9 })).statusCode).toBe(
      400,
    );
  });
});

describe('create-payment-intent', () => {
  it('prices the order on the server: (government fee + processing price) × travellers', async () => {
    const intent = await order(browser(), uniqueEmail(), 2);
    expect(intent.price).toEqual({
      travelerCount: 2,
      governmentFeeGbpPence: 2000,
      governmentFeeCents: 2290,
      exchangeRate: { rate: '1.1450', date: '2026-11-02' },
      processingFeeCents: 2900,
      governmentTotalCents: 4580,
      serviceTotalCents: 5800,
      totalCents: 10380,
      currency: 'EUR',
    });
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, intent.paymentIntentId));
    expect(payment).toMatchObject({ amountCents: 10380, currency: 'EUR', provider: 'sandbox' });
    const [application] = await t.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, intent.applicationId));
    expect(application).toMatchObject({
      status: 'DRAFT',
      totalCents: 10380,
      travelerCount: 2,
      reference: intent.reference,
    });
  });

  it('ignores any price the client sends', async () => {
    const res = await browser().post('/api/applications/create-payment-intent', {
      ...orderBody(uniqueEmail()),
      processingFee: 1,
      totalCents: 1,
    });
    expect(body<{ data: Intent }>(res).data.price.totalCents).toBe(5190);
  });

  it('stores passport numbers encrypted', async () => {
    const intent = await order(browser(), uniqueEmail());
    const [row] = await t.database.db
      .select()
      .from(travelers)
      .where(eq(travelers.applicationId, intent.applicationId));
    expect(row!.passportNumberEncrypted).not.toContain('X12345671');
    expect(t.app.ctx.encryption.decrypt(row!.passportNumberEncrypted!)).toBe('X12345671');
  });

  it('answers the precheck message with the first problem, and every field', async () => {
    const b = browser();
    const trip = await b.post(
      '/api/applications/create-payment-intent',
      orderBody(uniqueEmail(), 1, { countryId: null, arrivalDate: '2027-02-30' }),
    );
    expect(trip.statusCode).toBe(400);
    expect(body(trip)).toMatchObject({
      error: WizardText.precheckTrip,
      fieldErrors: {
        countryId: WizardText.countryRequired,
        arrivalDate: WizardText.arrivalDateInvalid,
      },
    });

    const people = orderBody('not-an-email', 2);
    people.travelers[1]!.lastName = '';
    people.travelers[1]!.dateOfBirth = '2999-01-01';
    const bad = await b.post('/api/applications/create-payment-intent', people);
    expect(body(bad)).toMatchObject({
      error: WizardText.precheckTravelers,
      fieldErrors: {
        'travelers.0.email': 'Traveller 1: Valid email is required',
        'travelers.1.lastName': 'Traveller 2: Last name is required',
        'travelers.1.dateOfBirth': 'Traveller 2: Date of birth must be in the past',
      },
    });

    const passport = orderBody(uniqueEmail());
    passport.travelers[0]!.passport = {
      nationality: '',
      number: '',
      expirationDate: '2020-01-01',
      hasSecondNationality: null,
      addLater: false,
    };
    expect(body(await b.post('/api/applications/create-payment-intent', passport))).toMatchObject({
      error: WizardText.precheckTravelers,
      fieldErrors: {
        'travelers.0.passport.nationality': 'Traveller 1: Nationality is required',
        'travelers.0.passport.number': 'Traveller 1: Passport number is required',
        'travelers.0.passport.expirationDate': 'Traveller 1: Passport must not have expired',
        'travelers.0.passport.hasSecondNationality':
          'Traveller 1: Please specify if you have another nationality',
      },
    });

    const later = orderBody(uniqueEmail());
    later.travelers[0]!.passport = {
      nationality: 'US',
      number: '',
      expirationDate: '',
      hasSecondNationality: null,
      addLater: true,
    };
    expect((await b.post('/api/applications/create-payment-intent', later)).statusCode).toBe(200);

    expect(
      body(
        await b.post(
          '/api/applications/create-payment-intent',
          orderBody(uniqueEmail(), 1, { processingOptionId: null }),
        ),
      ),
    ).toMatchObject({
      error: WizardText.precheckProcessing,
    });
  });

  it('refuses what the nationality cannot buy, unknown products and nationalities that need nothing', async () => {
    const b = browser();
    const wrongProduct = await b.post(
      '/api/applications/create-payment-intent',
      orderBody(uniqueEmail(), 1, {
        visaTypeId: 'uk-visitor-6m',
        processingOptionId: 'uk-visitor-6m-standard',
      }),
    );
    expect(body(wrongProduct)).toMatchObject({
      error: WizardText.precheckTrip,
      fieldErrors: { visaTypeId: WizardText.visaTypeRequired },
    });
    const wrongOption = await b.post(
      '/api/applications/create-payment-intent',
      orderBody(uniqueEmail(), 1, { processingOptionId: 'uk-visitor-6m-standard' }),
    );
    expect(body(wrongOption)).toMatchObject({ error: WizardText.precheckProcessing });
    const british = await b.post(
      '/api/applications/create-payment-intent',
      orderBody(uniqueEmail(), 1, { countryId: 'GB' }),
    );
    expect(british.statusCode).toBe(400);
    expect(body(british)).toMatchObject({
      error: 'British citizens do not need an ETA or a visa to enter the United Kingdom.',
    });
    const india = await b.post(
      '/api/applications/create-payment-intent',
      orderBody(uniqueEmail(), 1, {
        countryId: 'IN',
        visaTypeId: 'uk-visitor-2y',
        processingOptionId: 'uk-visitor-2y-express',
      }),
    );
    expect(body<{ data: Intent }>(india).data.price.totalCents).toBe(57937 + 9900);
  });

  it('creates one order and one payment for repeated and concurrent calls with the same key', async () => {
    const b = browser();
    const payload = orderBody(uniqueEmail(), 2);
    const [a, c] = await Promise.all([
      b.post('/api/applications/create-payment-intent', payload),
      b.post('/api/applications/create-payment-intent', payload),
    ]);
    const again = await b.post('/api/applications/create-payment-intent', payload);
    const ids = [a, c, again].map((r) => body<{ data: Intent }>(r).data);
    expect(new Set(ids.map((i) => i.applicationId)).size).toBe(1);
    expect(new Set(ids.map((i) => i.paymentIntentId)).size).toBe(1);
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.applicationId, ids[0]!.applicationId));
    expect(rows).toHaveLength(1);
  });
});

describe('sandbox card payments and confirmation', () => {
  it('declines, fails for insufficient funds, then succeeds on the same order', async () => {
    const b = browser();
    const intent = await order(b, uniqueEmail());
    expect(body(await pay(b, intent, 'pm_card_visa_chargeDeclined'))).toMatchObject({
      data: { status: 'requires_payment_method', lastError: PaymentText.declined },
    });
    expect(
      body(await pay(b, intent, 'pm_card_visa_chargeDeclinedInsufficientFunds')),
    ).toMatchObject({ data: { lastError: PaymentText.insufficientFunds } });
    const notPaid = await b.post('/api/applications/confirm-payment', {
      paymentIntentId: intent.paymentIntentId,
    });
    expect(notPaid.statusCode).toBe(409);
    expect(body(notPaid)).toMatchObject({
      error: 'Payment not completed: requires_payment_method',
    });
    expect(body(await pay(b, intent))).toMatchObject({
      data: { status: 'succeeded', lastError: null },
    });
  });

  it('asks for 3-D Secure; Fail leaves it unpaid, Complete pays', async () => {
    const b = browser();
    const intent = await order(b, uniqueEmail());
    expect(body(await pay(b, intent, 'pm_card_authenticationRequired'))).toMatchObject({
      data: { status: 'requires_action', nextAction: { type: 'three_d_secure' } },
    });
    const auth = (outcome: string) =>
      b.post('/api/payments/sandbox/authenticate', {
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        outcome,
      });
    expect(body(await auth('fail'))).toMatchObject({
      data: { status: 'requires_payment_method', lastError: PaymentText.authenticationFailed },
    });
    await pay(b, intent, 'pm_card_authenticationRequired');
    expect(body(await auth('complete'))).toMatchObject({ data: { status: 'succeeded' } });
  });

  it("takes a billing address in any listed country, its postal code checked by the country's rule", async () => {
    const b = browser();
    const intent = await order(b, uniqueEmail());
    const boston = { line1: '1 Main Street', city: 'Boston', country: 'US' };
    const badZip = await pay(b, intent, 'pm_card_visa', { ...boston, postal_code: '0211' });
    expect(badZip.statusCode).toBe(400);
    expect(body(badZip)).toMatchObject({
      fieldErrors: { 'billingDetails.address.postal_code': PaymentText.zipCodeInvalid('10001') },
      fieldErrorKeys: {
        'billingDetails.address.postal_code': {
          key: 'payment.zipCodeInvalid',
          params: { example: 10001 },
        },
      },
    });
    const noZip = await pay(b, intent, 'pm_card_visa', { ...boston, postal_code: '' });
    expect(body(noZip)).toMatchObject({
      fieldErrors: { 'billingDetails.address.postal_code': PaymentText.zipCodeRequired },
    });
    const unknown = await pay(b, intent, 'pm_card_visa', { ...boston, country: 'ZZ' });
    expect(body(unknown)).toMatchObject({
      fieldErrors: { 'billingDetails.address.country': PaymentText.countryRequired },
    });
    // Hong Kong has no postal codes: none is asked for.
    const hongKong = { line1: '1 Queen’s Road Central', city: 'Hong Kong', country: 'HK' };
    expect(body(await pay(b, intent, 'pm_card_visa', hongKong))).toMatchObject({
      data: { status: 'succeeded' },
    });
    const again = await order(browser(), uniqueEmail());
    expect(
      body(await pay(b, again, 'pm_card_visa', { ...boston, postal_code: '02108-1234' })),
    ).toMatchObject({ data: { status: 'succeeded' } });
  });

  it('refuses a wrong client secret', async () => {
    const intent = await order(browser(), uniqueEmail());
    const res = await pay(browser(), { ...intent, clientSecret: 'nope' });
    expect(res.statusCode).toBe(404);
  });

  it('completes the order for a new email: new account, this browser signed in, confirmation emailed', async () => {
    const b = browser();
    const email = uniqueEmail();
    const intent = await order(b, email, 2);
    await pay(b, intent);
    const res = await b.post('/api/applications/confirm-payment', {
      paymentIntentId: intent.paymentIntentId,
      email,
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      data: {
        application: {
          id: intent.applicationId,
          reference: intent.reference,
          status: 'IN_PROGRESS',
          travelerCount: 2,
          totalCents: 10380,
          processingHours: 72,
          processingName: 'Standard',
          visaTypeName: 'United Kingdom ETA',
        },
        user: { email, hasPassword: false, emailVerified: false, firstName: 'Ann1' },
        signInLinkSent: false,
      },
    });
    const orders = body<{ data: { id: string; status: string; resumePath: string }[] }>(
      await b.get('/api/applications/my-applications'),
    ).data;
    expect(orders).toEqual([
      expect.objectContaining({
        id: intent.applicationId,
        status: 'IN_PROGRESS',
        resumePath: `/application/${intent.applicationId}/general-info`,
      }),
    ]);
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email));
    expect(mails.map((m) => m.template)).toEqual(['payment-confirmation']);
    // Confirming again changes nothing and sends nothing more.
    expect(
      (
        await b.post('/api/applications/confirm-payment', {
          paymentIntentId: intent.paymentIntentId,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)),
    ).toHaveLength(1);
    // The wizard of this browser is finished.
    expect(body(await b.get('/api/applications/session-data'))).toMatchObject({
      data: { data: null },
    });
  });

  it("ends the wizard of whoever paid: the browser's guest draft and its account's draft, not another browser's", async () => {
    const draftCount = async () => (await t.database.db.select().from(drafts)).length;
    const b = browser();
    const email = uniqueEmail();
    expect((await b.post('/api/applications/save', wizardDraft(1))).statusCode).toBe(200);
    await b.post('/api/auth/register', {
      firstName: 'Ann',
      lastName: 'Lee',
      email,
      password: STRONG_PASSWORD,
    });
    expect((await b.post('/api/applications/save', wizardDraft(2))).statusCode).toBe(200);
    const other = browser();
    expect((await other.post('/api/applications/save', wizardDraft(3))).statusCode).toBe(200);
    const before = await draftCount();

    const intent = await order(b, email);
    await pay(b, intent);
    const res = await b.post('/api/applications/confirm-payment', {
      paymentIntentId: intent.paymentIntentId,
    });
    expect(body(res)).toMatchObject({ data: { user: { email }, signInLinkSent: false } });
    expect(body(await b.get('/api/applications/session-data'))).toMatchObject({
      data: { data: null },
    });
    // Both of the paying browser's drafts went, in the one statement; the other browser keeps its own.
    expect(await draftCount()).toBe(before - 2);
    expect(body(await other.get('/api/applications/session-data'))).toMatchObject({
      data: { data: { currentStep: 3 } },
    });
  });

  it('never signs in by paying for an existing account: links the order and emails a sign-in link', async () => {
    const owner = browser();
    const email = uniqueEmail();
    await owner.post('/api/auth/register', {
      firstName: 'Ann',
      lastName: 'Lee',
      email,
      password: STRONG_PASSWORD,
    });
    const b = browser();
    const intent = await order(b, email);
    await pay(b, intent);
    const res = await b.post('/api/applications/confirm-payment', {
      paymentIntentId: intent.paymentIntentId,
    });
    expect(body(res)).toMatchObject({ data: { user: null, signInLinkSent: true } });
    expect((await b.get('/api/auth/profile')).statusCode).toBe(401);
    // A repeated confirmation answers from the order itself, whatever its history holds.
    await t.database.db.delete(auditLog).where(eq(auditLog.applicationId, intent.applicationId));
    const again = await b.post('/api/applications/confirm-payment', {
      paymentIntentId: intent.paymentIntentId,
    });
    expect(body(again)).toMatchObject({ data: { user: null, signInLinkSent: true } });
    expect(await lastSignInToken(t.database.db, email)).toBeTruthy();
    const orders = body<{ data: { id: string }[] }>(
      await owner.get('/api/applications/my-applications'),
    ).data;
    expect(orders.map((o) => o.id)).toContain(intent.applicationId);
  });

  it('does not sign in another browser that confirms the payment', async () => {
    const b = browser();
    const email = uniqueEmail();
    const intent = await order(b, email);
    await pay(b, intent);
    const other = browser();
    const res = await other.post('/api/applications/confirm-payment', {
      paymentIntentId: intent.paymentIntentId,
    });
    expect(body(res)).toMatchObject({ data: { user: null } });
    expect((await other.get('/api/auth/profile')).statusCode).toBe(401);
    // The payer's own browser still can.
    expect(
      body(
        await b.post('/api/applications/confirm-payment', {
          paymentIntentId: intent.paymentIntentId,
        }),
      ),
    ).toMatchObject({ data: { user: { email } } });
  });

  it('completes the order even when the browser never confirms (the provider tells the portal)', async () => {
    const b = browser();
    const email = uniqueEmail();
    const intent = await order(b, email);
    await pay(b, intent);
    const [row] = await t.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, intent.applicationId));
    expect(row).toMatchObject({ status: 'IN_PROGRESS' });
    expect(row!.paidAt).toBeInstanceOf(Date);
    const [account] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.userId).toBe(account!.id);
  });

  it('reopens an unpaid order at checkout for its owner only', async () => {
    const b = browser();
    const email = uniqueEmail();
    await b.post('/api/auth/register', {
      firstName: 'Ann',
      lastName: 'Lee',
      email,
      password: STRONG_PASSWORD,
    });
    const intent = await order(b, email);
    const orders = body<{ data: { id: string; status: string; resumePath: string }[] }>(
      await b.get('/api/applications/my-applications'),
    ).data;
    expect(orders[0]).toMatchObject({
      status: 'DRAFT',
      resumePath: `/application/checkout?applicationId=${intent.applicationId}`,
    });
    const resumed = await b.get(`/api/applications/${intent.applicationId}/checkout`);
    expect(body(resumed)).toMatchObject({
      data: {
        applicationId: intent.applicationId,
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        travelers: [{ firstName: 'Ann1', lastName: 'Lee1' }],
        // The billing country starts on the lead traveller's nationality.
        nationality: 'US',
        email,
      },
    });
    const stranger = browser();
    await stranger.post('/api/auth/register', {
      firstName: 'B',
      lastName: 'C',
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
    });
    expect(
      (await stranger.get(`/api/applications/${intent.applicationId}/checkout`)).statusCode,
    ).toBe(404);
    expect(
      (await browser().get(`/api/applications/${intent.applicationId}/checkout`)).statusCode,
    ).toBe(401);
  });
});
