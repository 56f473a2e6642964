import fs from 'node:fs';
import path from 'node:path';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { PostPaymentText } from './post-payment';
import {
  CALLING_CODE_VALUES,
  CALLING_CODES,
  COUNTRY_IDS,
  callingCodeOf,
  defaultPhoneCode,
  defaultPhoneCountry,
  GeneralInfoBody,
  isValidPhone,
  mainCountryOf,
  PHONE_CODES,
  phoneCountryOf,
} from './phone';

/** The countries of the API's reference data (services/api/seed). */
const seeded = (
  JSON.parse(
    fs.readFileSync(path.join(__dirname, '../../../services/api/seed/countries.json'), 'utf8'),
  ) as { code: string }[]
).map((country) => country.code);

describe('the calling codes', () => {
  it('list every country of the reference data, and no other', () => {
    expect([...COUNTRY_IDS].sort()).toEqual([...seeded].sort());
    expect(PHONE_CODES.map((entry) => entry.country)).toEqual(COUNTRY_IDS);
  });

  it('give each country its ITU code, as the numbering plan data does', () => {
    const known = new Set<string>(getCountries());
    for (const country of COUNTRY_IDS) {
      expect(CALLING_CODES[country]).toMatch(/^\+[1-9]\d{0,2}$/);
      if (known.has(country))
        expect(CALLING_CODES[country]).toBe(
          `+${getCountryCallingCode(country as Parameters<typeof getCountryCallingCode>[0])}`,
        );
    }
    expect(CALLING_CODES.AQ).toBe('+672');
    expect(CALLING_CODES.UM).toBe('+1');
  });

  it('list the countries that share a code one by one, each with that code', () => {
    const plusOne = COUNTRY_IDS.filter((country) => CALLING_CODES[country] === '+1');
    expect(plusOne).toEqual(expect.arrayContaining(['US', 'CA', 'JM', 'PR', 'BS']));
    expect(CALLING_CODES.KZ).toBe('+7');
    expect(CALLING_CODES.RU).toBe('+7');
    for (const country of ['GB', 'JE', 'GG', 'IM'] as const)
      expect(CALLING_CODES[country]).toBe('+44');
    expect(new Set(CALLING_CODE_VALUES).size).toBe(CALLING_CODE_VALUES.length);
  });

  it('stand for a main country when nothing else tells which', () => {
    expect(mainCountryOf('+1')).toBe('US');
    expect(mainCountryOf('+44')).toBe('GB');
    expect(mainCountryOf('+7')).toBe('RU');
    expect(mainCountryOf('+33')).toBe('FR');
    expect(mainCountryOf('+999')).toBeUndefined();
    for (const code of CALLING_CODE_VALUES)
      expect(CALLING_CODES[mainCountryOf(code) ?? 'US']).toBe(code);
    expect(callingCodeOf('us')).toBe('+1');
    expect(callingCodeOf('ZZ')).toBeUndefined();
    expect(callingCodeOf(null)).toBeUndefined();
  });
});

describe('the default phone country', () => {
  it("is the traveller's nationality", () => {
    expect(defaultPhoneCountry('US')).toBe('US');
    expect(defaultPhoneCode('US')).toBe('+1');
    expect(defaultPhoneCountry('jm')).toBe('JM');
    expect(defaultPhoneCode('JM')).toBe('+1');
    expect(defaultPhoneCode('DE')).toBe('+49');
    expect(defaultPhoneCode('JP')).toBe('+81');
  });

  it("is the portal's default country when the nationality is unknown, never Austria", () => {
    expect(defaultPhoneCountry(null)).toBe('US');
    expect(defaultPhoneCountry('')).toBe('US');
    expect(defaultPhoneCountry('ZZ')).toBe('US');
    expect(defaultPhoneCode(undefined)).toBe('+1');
  });
});

describe('a saved phone number', () => {
  it('is shown with the country its number belongs to', () => {
    expect(phoneCountryOf('+1', '876 555 1234', 'US')).toBe('JM');
    expect(phoneCountryOf('+1', '613 555 0123', 'US')).toBe('CA');
    expect(phoneCountryOf('+44', '07797 123456', 'GB')).toBe('JE');
    expect(phoneCountryOf('+7', '701 123 4567', 'RU')).toBe('KZ');
  });

  it('else with the nationality when it uses the code, else with the main country of the code', () => {
    expect(phoneCountryOf('+1', '', 'CA')).toBe('CA');
    expect(phoneCountryOf('+1', '', 'DE')).toBe('US');
    expect(phoneCountryOf('+44', '', null)).toBe('GB');
    expect(phoneCountryOf('+43', '', 'US')).toBe('AT');
    expect(phoneCountryOf('+999', '', 'US')).toBeUndefined();
  });
});

describe('the phone number', () => {
  it('is checked against the numbering rules of its code', () => {
    expect(isValidPhone('+1', '202-555-0143')).toBe(true);
    expect(isValidPhone('+1', '876 555 1234')).toBe(true);
    expect(isValidPhone('+44', '07911 123456')).toBe(true);
    expect(isValidPhone('+44', '07797 123456', 'JE')).toBe(true);
    expect(isValidPhone('+39', '06 1234 5678', 'IT')).toBe(true);
    expect(isValidPhone('+81', '090-1234-5678')).toBe(true);
    expect(isValidPhone('+7', '8 701 123 4567', 'KZ')).toBe(true);
    expect(isValidPhone('+383', '044 123 456')).toBe(true);
    expect(isValidPhone('+44', '12')).toBe(false);
    expect(isValidPhone('+44', '+1 202 555 0143')).toBe(false);
    expect(isValidPhone('+999', '12345678')).toBe(false);
  });

  it('can be given for every listed code', () => {
    const body = (countryCode: string) =>
      GeneralInfoBody.safeParse({ countryCode, phoneNumber: '1', notificationPreference: 'sms' });
    for (const code of CALLING_CODE_VALUES)
      expect(body(code).error?.issues.map((issue) => issue.path.join('.'))).toEqual([
        'phoneNumber',
      ]);
    expect(body('+999').error?.issues).toContainEqual(
      expect.objectContaining({
        path: ['countryCode'],
        message: PostPaymentText.phoneCodeRequired,
      }),
    );
    expect(GeneralInfoBody.safeParse({ phoneNumber: '202-555-0143' }).error?.issues).toContainEqual(
      expect.objectContaining({
        path: ['countryCode'],
        message: PostPaymentText.phoneCodeRequired,
      }),
    );
  });
});
