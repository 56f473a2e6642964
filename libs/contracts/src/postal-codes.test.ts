import fs from 'node:fs';
import path from 'node:path';
import { apiMessage, ApiMessages, messageKeyOf } from './api-messages';
import { COUNTRY_IDS } from './country-codes';
import { BillingDetails, PaymentText, SandboxConfirmBody } from './payments';
import { POSTAL_CODE_RULES, postalCodeProblem, postalCodeRule } from './postal-codes';

/** The countries of the API's reference data (services/api/seed). */
const seeded = (
  JSON.parse(
    fs.readFileSync(path.join(__dirname, '../../../services/api/seed/countries.json'), 'utf8'),
  ) as { code: string }[]
).map((country) => country.code);

const billing = (country: string, postalCode?: string) => ({
  name: 'Ann Lee',
  email: 'ann@example.com',
  address: {
    line1: '1 Main Street',
    city: 'Springfield',
    ...(postalCode === undefined ? {} : { postal_code: postalCode }),
    country,
  },
});

describe('the postal code rules', () => {
  it('name only countries the portal lists, and give every format an example that passes it', () => {
    for (const [country, rule] of Object.entries(POSTAL_CODE_RULES)) {
      expect(COUNTRY_IDS).toContain(country);
      if (rule.pattern) {
        expect(rule.example).toBeDefined();
        expect(rule.pattern.test(rule.example ?? '')).toBe(true);
      }
      if (rule.requirement === 'none') expect(rule.pattern).toBeUndefined();
    }
  });

  it('have a rule for every country of the reference data', () => {
    for (const country of seeded) expect(postalCodeRule(country).label).toBeDefined();
    expect(postalCodeRule('de')).toBe(POSTAL_CODE_RULES.DE);
  });

  it('call it a ZIP code in the United States, a postcode in the United Kingdom, else a postal code', () => {
    expect(postalCodeRule('US').label).toBe('zipCode');
    expect(postalCodeRule('GB').label).toBe('postcode');
    expect(postalCodeRule('FR').label).toBe('postalCode');
    expect(postalCodeRule('IE').label).toBe('eircode');
  });

  it.each([
    ['US', '10001'],
    ['US', '10001-1234'],
    ['US', '100011234'],
    ['GB', 'SW1A 1AA'],
    ['GB', 'sw1a1aa'],
    ['GB', 'M1 1AE'],
    ['CA', 'K1A 0B1'],
    ['CA', 'k1a0b1'],
    ['DE', '10115'],
    ['FR', '75008'],
    ['ES', '28013'],
    ['IT', '00144'],
    ['NL', '1012 AB'],
    ['AU', '2000'],
    ['IN', '110001'],
    ['JP', '100-0001'],
    ['JP', '1000001'],
    ['BR', '01310-100'],
    ['IE', 'D02 X285'],
  ])('accepts %s %s', (country, code) => {
    expect(postalCodeProblem(country, code)).toBeNull();
  });

  it.each([
    ['US', '1000', PaymentText.zipCodeInvalid('10001')],
    ['US', '10001-12', PaymentText.zipCodeInvalid('10001')],
    ['US', 'SW1A 1AA', PaymentText.zipCodeInvalid('10001')],
    ['GB', '10001', PaymentText.postcodeInvalid('SW1A 1AA')],
    ['CA', '12345', PaymentText.postalCodeInvalid('K1A 0B1')],
    ['DE', '1011', PaymentText.postalCodeInvalid('10115')],
    ['NL', '1012', PaymentText.postalCodeInvalid('1012 AB')],
    ['AU', '20000', PaymentText.postcodeInvalid('2000')],
    ['IN', '11001', PaymentText.postalCodeInvalid('110001')],
    ['JP', '100-001', PaymentText.postalCodeInvalid('100-0001')],
    ['BR', '0131-0100', PaymentText.postalCodeInvalid('01310-100')],
    ['IE', 'D02', PaymentText.eircodeInvalid('D02 X285')],
  ])('refuses %s %s with an example of the right format', (country, code, message) => {
    expect(postalCodeProblem(country, code)).toBe(message);
  });

  it('asks for the code where every address has one, by the name the country gives it', () => {
    expect(postalCodeProblem('US', '')).toBe(ApiMessages['payment.zipCodeRequired']);
    expect(postalCodeProblem('GB', ' ')).toBe(ApiMessages['payment.postcodeRequired']);
    expect(postalCodeProblem('DE', undefined)).toBe(ApiMessages['payment.postalCodeRequired']);
  });

  it('lets it be blank where addresses may have none, and asks none where the country has none', () => {
    expect(postalCodeProblem('IE', '')).toBeNull();
    expect(postalCodeRule('IE').requirement).toBe('optional');
    for (const country of ['HK', 'AE', 'QA']) {
      expect(postalCodeRule(country).requirement).toBe('none');
      expect(postalCodeProblem(country, '')).toBeNull();
      expect(postalCodeProblem(country, 'anything')).toBeNull();
    }
    // A country without a fixed format takes any code, or none.
    expect(postalCodeProblem('NG', '')).toBeNull();
    expect(postalCodeProblem('NG', '100001')).toBeNull();
  });

  it('writes each message so that a front end finds it back in its catalog', () => {
    expect(PaymentText.zipCodeInvalid('10001')).toBe(
      apiMessage('payment.zipCodeInvalid', { example: '10001' }),
    );
    expect(PaymentText.zipCodeInvalid('10001')).toBe(
      'Enter a ZIP code of 5 or 9 digits, like 10001',
    );
    for (const [text, key] of [
      [PaymentText.zipCodeInvalid('10001'), 'payment.zipCodeInvalid'],
      [PaymentText.postcodeInvalid('SW1A 1AA'), 'payment.postcodeInvalid'],
      [PaymentText.postalCodeInvalid('00144'), 'payment.postalCodeInvalid'],
      [PaymentText.eircodeInvalid('D02 X285'), 'payment.eircodeInvalid'],
    ] as const) {
      const ref = messageKeyOf(text);
      expect(ref?.key).toBe(key);
      expect(apiMessage(key, ref?.params)).toBe(text);
    }
  });
});

describe('the billing details', () => {
  it('take any listed country, sent as its two-letter code', () => {
    const parsed = BillingDetails.parse(billing('us', '10001'));
    expect(parsed.address).toEqual({
      line1: '1 Main Street',
      city: 'Springfield',
      postal_code: '10001',
      country: 'US',
    });
    for (const country of seeded)
      expect(BillingDetails.safeParse(billing(country, '')).error?.issues ?? []).not.toContainEqual(
        expect.objectContaining({ path: ['address', 'country'] }),
      );
  });

  it('refuse a country the portal does not list', () => {
    const parsed = BillingDetails.safeParse(billing('ZZ', '10001'));
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: ['address', 'country'],
        message: PaymentText.countryRequired,
      }),
    ]);
    expect(BillingDetails.safeParse(billing('', '')).success).toBe(false);
  });

  it("check the postal code by the country's rule, with every other problem at once", () => {
    const parsed = BillingDetails.safeParse({
      ...billing('US', '123'),
      name: '',
    });
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', PaymentText.fullNameRequired],
      ['address.postal_code', PaymentText.zipCodeInvalid('10001')],
    ]);
  });

  it('leave out a blank postal code, and any code of a country without postal codes', () => {
    expect(BillingDetails.parse(billing('HK', '')).address).not.toHaveProperty('postal_code');
    expect(BillingDetails.parse(billing('HK')).address).not.toHaveProperty('postal_code');
    expect(BillingDetails.parse(billing('AE', '12345')).address).not.toHaveProperty('postal_code');
    expect(BillingDetails.parse(billing('IE', '')).address).not.toHaveProperty('postal_code');
  });

  it('are what the sandbox confirmation checks', () => {
    const body = {
      paymentIntentId: 'pi_1',
      clientSecret: 'pi_1_secret',
      paymentMethod: 'pm_card_visa',
    } as const;
    expect(
      SandboxConfirmBody.safeParse({ ...body, billingDetails: billing('US', '10001') }).success,
    ).toBe(true);
    expect(
      SandboxConfirmBody.safeParse({ ...body, billingDetails: billing('US', '') }).success,
    ).toBe(false);
  });
});
