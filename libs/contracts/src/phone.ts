import {
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode as PhoneCountry,
} from 'libphonenumber-js/min';
import { z } from 'zod';
import { CHOOSE_FROM_LIST, text } from './primitives';
import { PostPaymentText } from './post-payment';

import {
  CALLING_CODE_VALUES,
  CALLING_CODES,
  callingCodeOf,
  COUNTRY_IDS,
  isListedCountry,
  mainCountryOf,
  type CallingCode,
  type CallingCountry,
} from './country-codes';
import { DEFAULT_COUNTRY_ID } from './reference';

export * from './country-codes';

/**
 * The phone rule of General Information, apart from the other schemas: it carries the phone number metadata,
 * which only the screens and routes that check phone numbers should download.
 */

/** The phone field's choices: every country, each with its calling code (a shared code once per country). */
export const PHONE_CODES: readonly { country: CallingCountry; code: CallingCode }[] =
  COUNTRY_IDS.map((country) => ({ country, code: CALLING_CODES[country] }));

/** Any country calling code the portal lists ("+1", "+44", …). */
export const PhoneCode = z.enum(CALLING_CODE_VALUES, { error: PostPaymentText.phoneCodeRequired });
export type PhoneCode = z.input<typeof PhoneCode>;

/** The country the phone field starts on: the traveller's nationality, else the portal's default country. */
export function defaultPhoneCountry(nationality: string | null | undefined): CallingCountry {
  const code = nationality?.trim().toUpperCase() ?? '';
  return isListedCountry(code) ? code : (DEFAULT_COUNTRY_ID as CallingCountry);
}

/** The calling code the phone field starts on, from the traveller's nationality. */
export function defaultPhoneCode(nationality: string | null | undefined): CallingCode {
  return CALLING_CODES[defaultPhoneCountry(nationality)];
}

/** A country libphonenumber has numbering rules for. */
function numberingRegion(country: string | undefined): PhoneCountry | undefined {
  return country && isSupportedCountry(country) ? country : undefined;
}

/** The digits of a number as typed: spaces, dots, dashes and brackets left out. */
const digitsOf = (number: string) => number.replace(/[\s().-]/g, '');

/**
 * The number in international form (`+…`) for a calling code: a number typed with its own `+` as it is, else
 * read by the numbering rules of `country` (its trunk prefix, such as the UK's 0, dropped where that country drops
 * it), or of the code's main country. Undefined when it cannot be read.
 */
function international(code: string, number: string, country?: string) {
  const digits = digitsOf(number);
  if (!/^\+?\d{4,17}$/.test(digits)) return undefined;
  const region =
    numberingRegion(country && callingCodeOf(country) === code ? country : undefined) ??
    numberingRegion(mainCountryOf(code));
  return digits.startsWith('+')
    ? parsePhoneNumberFromString(digits)
    : region
      ? parsePhoneNumberFromString(digits, region)
      : undefined;
}

/** True when some country of the calling code has numbering rules (every code of the table has). */
const hasNumberingRules = (code: string) =>
  COUNTRY_IDS.some((country) => CALLING_CODES[country] === code && isSupportedCountry(country));

/**
 * True when the number is a real, possible number for the calling code (by its country's numbering rules when
 * known, else any 4 to 15 digits, as E.164 allows). `country` is the country chosen with the code, if any.
 */
export function isValidPhone(code: string, number: string, country?: string): boolean {
  if (!(CALLING_CODE_VALUES as readonly string[]).includes(code)) return false;
  if (!hasNumberingRules(code)) {
    const digits = digitsOf(number);
    const full = digits.startsWith('+') ? digits.slice(1) : `${code.slice(1)}${digits}`;
    return /^\d{4,15}$/.test(full) && full.startsWith(code.slice(1));
  }
  const parsed = international(code, number, country);
  return Boolean(parsed && parsed.isValid() && `+${parsed.countryCallingCode}` === code);
}

/**
 * The country a saved phone number belongs to: the one its digits say (a Jamaican +1 number is Jamaica's), else
 * `preferred` (the traveller's nationality) when it uses the same code, else the code's main country.
 */
export function phoneCountryOf(
  code: string,
  number: string,
  preferred?: string | null,
): CallingCountry | undefined {
  if (!(CALLING_CODE_VALUES as readonly string[]).includes(code)) return undefined;
  const wanted = preferred?.trim().toUpperCase() ?? '';
  const parsed = number.trim() ? international(code, number, wanted) : undefined;
  const found = parsed?.isValid() ? parsed.country : undefined;
  if (found && isListedCountry(found) && CALLING_CODES[found] === code) return found;
  if (isListedCountry(wanted) && CALLING_CODES[wanted] === code) return wanted;
  return mainCountryOf(code);
}

export const GeneralInfoBody = z
  .object({
    countryCode: PhoneCode,
    phoneNumber: text()
      .trim()
      .min(1, PostPaymentText.phoneRequired)
      .max(30, PostPaymentText.phoneInvalid),
    notificationPreference: z
      .enum(['whatsapp', 'sms', 'neither'], CHOOSE_FROM_LIST)
      .default('whatsapp'),
    email: text().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.phoneNumber && !isValidPhone(b.countryCode, b.phoneNumber)) {
      ctx.addIssue({
        code: 'custom',
        path: ['phoneNumber'],
        message: PostPaymentText.phoneInvalid,
      });
    }
  });
export type GeneralInfoBody = z.input<typeof GeneralInfoBody>;
