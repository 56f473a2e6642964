import { apiMessage, ApiMessages } from './api-messages';

/**
 * Postal codes of billing addresses, by country: whether an address has one, what it is called, and its format
 * for the countries whose format is fixed. The card provider checks the postal code of the card's address, so
 * one in the wrong format is refused here, with an example of the right one.
 */

/** What a country calls its postal code: "ZIP code", "Postcode", "Eircode" or "Postal code". */
export type PostalCodeLabel = 'postalCode' | 'postcode' | 'zipCode' | 'eircode';

/**
 * `required`: every address has one; `optional`: many addresses have none, so it may be left blank; `none`: the
 * country has no postal codes, so none is asked for.
 */
export type PostalCodeRequirement = 'required' | 'optional' | 'none';

export interface PostalCodeRule {
  requirement: PostalCodeRequirement;
  label: PostalCodeLabel;
  /** The format, checked on the code as typed (letters in either case); none when any code is accepted. */
  pattern?: RegExp;
  /** A code in the right format, shown when one is not. */
  example?: string;
}

const US_ZIP = /^\d{5}(?:[ -]?\d{4})?$/;
const FOUR_DIGITS = /^\d{4}$/;
const FIVE_DIGITS = /^\d{5}$/;
const SIX_DIGITS = /^\d{6}$/;
const THREE_TWO_DIGITS = /^\d{3} ?\d{2}$/;
const FRENCH_OVERSEAS = /^9[78]\d{3}$/;
const BRITISH = (area: string) => new RegExp(`^${area}\\d[\\dA-Z]? ?\\d[A-Z]{2}$`, 'i');

const zip = (example: string, pattern: RegExp = US_ZIP): PostalCodeRule => ({
  requirement: 'required',
  label: 'zipCode',
  pattern,
  example,
});
const postcode = (pattern: RegExp, example: string): PostalCodeRule => ({
  requirement: 'required',
  label: 'postcode',
  pattern,
  example,
});
const required = (pattern: RegExp, example: string): PostalCodeRule => ({
  requirement: 'required',
  label: 'postalCode',
  pattern,
  example,
});
const optional = (pattern: RegExp, example: string): PostalCodeRule => ({
  requirement: 'optional',
  label: 'postalCode',
  pattern,
  example,
});
const NONE: PostalCodeRule = { requirement: 'none', label: 'postalCode' };

/** The postal code rules, by ISO 3166-1 alpha-2 code; a country not listed has postal codes of no fixed format. */
export const POSTAL_CODE_RULES: Readonly<Record<string, PostalCodeRule>> = {
  // North America and the United States' territories (ZIP codes)
  US: zip('10001'),
  AS: zip('96799'),
  FM: zip('96941'),
  GU: zip('96910'),
  MH: zip('96960'),
  MP: zip('96950'),
  PR: zip('00901'),
  PW: zip('96940'),
  UM: zip('96898'),
  VI: zip('00802'),
  CA: required(/^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i, 'K1A 0B1'),
  MX: required(FIVE_DIGITS, '06000'),
  // The United Kingdom and the Crown Dependencies (postcodes)
  GB: postcode(/^(?:GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i, 'SW1A 1AA'),
  GG: postcode(BRITISH('GY'), 'GY1 1AA'),
  IM: postcode(BRITISH('IM'), 'IM1 1AA'),
  JE: postcode(BRITISH('JE'), 'JE2 3AB'),
  // Europe
  IE: {
    requirement: 'optional',
    label: 'eircode',
    pattern: /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/i,
    example: 'D02 X285',
  },
  AD: required(/^AD ?\d{3}$/i, 'AD500'),
  AT: required(FOUR_DIGITS, '1010'),
  AX: required(/^22\d{3}$/, '22100'),
  BE: required(FOUR_DIGITS, '1000'),
  BG: required(FOUR_DIGITS, '1000'),
  BY: required(SIX_DIGITS, '220050'),
  CH: required(FOUR_DIGITS, '8001'),
  CY: required(FOUR_DIGITS, '1010'),
  CZ: required(THREE_TWO_DIGITS, '110 00'),
  DE: required(FIVE_DIGITS, '10115'),
  DK: required(FOUR_DIGITS, '1050'),
  EE: required(FIVE_DIGITS, '10111'),
  ES: required(FIVE_DIGITS, '28013'),
  FI: required(FIVE_DIGITS, '00100'),
  FO: required(/^\d{3}$/, '100'),
  FR: required(/^\d{2} ?\d{3}$/, '75008'),
  GL: required(/^39\d{2}$/, '3900'),
  GR: required(THREE_TWO_DIGITS, '105 57'),
  HR: required(FIVE_DIGITS, '10000'),
  HU: required(FOUR_DIGITS, '1051'),
  IS: required(/^\d{3}$/, '101'),
  IT: required(FIVE_DIGITS, '00144'),
  LI: required(/^94\d{2}$/, '9490'),
  LT: required(/^(?:LT-?)?\d{5}$/i, 'LT-01100'),
  LU: required(/^(?:L-?)?\d{4}$/i, '1009'),
  LV: required(/^(?:LV-?)?\d{4}$/i, 'LV-1050'),
  MC: required(/^980\d{2}$/, '98000'),
  MT: required(/^[A-Z]{3} ?\d{2,4}$/i, 'VLT 1117'),
  NL: required(/^\d{4} ?[A-Z]{2}$/i, '1012 AB'),
  NO: required(FOUR_DIGITS, '0150'),
  PL: required(/^\d{2}-?\d{3}$/, '00-950'),
  PT: required(/^\d{4}-?\d{3}$/, '1000-001'),
  RO: required(SIX_DIGITS, '010011'),
  RU: required(SIX_DIGITS, '101000'),
  SE: required(THREE_TWO_DIGITS, '114 55'),
  SI: required(/^(?:SI-?)?\d{4}$/i, '1000'),
  SJ: required(FOUR_DIGITS, '9170'),
  SK: required(THREE_TWO_DIGITS, '811 01'),
  SM: required(/^4789\d$/, '47890'),
  TR: required(FIVE_DIGITS, '06100'),
  UA: required(FIVE_DIGITS, '01001'),
  VA: required(/^00120$/, '00120'),
  // France overseas
  BL: required(FRENCH_OVERSEAS, '97133'),
  GF: required(FRENCH_OVERSEAS, '97300'),
  GP: required(FRENCH_OVERSEAS, '97100'),
  MF: required(FRENCH_OVERSEAS, '97150'),
  MQ: required(FRENCH_OVERSEAS, '97200'),
  NC: required(FRENCH_OVERSEAS, '98800'),
  PF: required(FRENCH_OVERSEAS, '98714'),
  PM: required(FRENCH_OVERSEAS, '97500'),
  RE: required(FRENCH_OVERSEAS, '97400'),
  WF: required(FRENCH_OVERSEAS, '98600'),
  YT: required(FRENCH_OVERSEAS, '97600'),
  // Asia, Oceania, the Middle East, Africa and South America
  AU: postcode(FOUR_DIGITS, '2000'),
  CC: postcode(FOUR_DIGITS, '6799'),
  CX: postcode(FOUR_DIGITS, '6798'),
  NF: postcode(FOUR_DIGITS, '2899'),
  NZ: postcode(FOUR_DIGITS, '6011'),
  AR: required(/^(?:[A-HJ-NP-Z]\d{4}[A-Z]{3}|\d{4})$/i, 'C1425DKD'),
  BR: required(/^\d{5}-?\d{3}$/, '01310-100'),
  CL: optional(/^\d{3}-?\d{4}$/, '8320000'),
  CN: required(SIX_DIGITS, '100000'),
  ID: required(FIVE_DIGITS, '10110'),
  IL: required(/^\d{5}(?:\d{2})?$/, '6100000'),
  IN: required(/^\d{3} ?\d{3}$/, '110001'),
  JP: required(/^\d{3}-?\d{4}$/, '100-0001'),
  KR: required(FIVE_DIGITS, '03051'),
  KZ: required(SIX_DIGITS, '010000'),
  MY: required(FIVE_DIGITS, '50000'),
  PH: required(FOUR_DIGITS, '1000'),
  SA: required(/^\d{5}(?:-?\d{4})?$/, '11564'),
  SG: required(SIX_DIGITS, '018956'),
  TH: required(FIVE_DIGITS, '10200'),
  TW: required(/^\d{3}(?:\d{2,3})?$/, '100'),
  ZA: required(FOUR_DIGITS, '0001'),
  // Countries without postal codes
  AE: NONE,
  AG: NONE,
  AO: NONE,
  AQ: NONE,
  AW: NONE,
  BF: NONE,
  BI: NONE,
  BJ: NONE,
  BO: NONE,
  BQ: NONE,
  BS: NONE,
  BV: NONE,
  BW: NONE,
  BZ: NONE,
  CD: NONE,
  CF: NONE,
  CG: NONE,
  CI: NONE,
  CK: NONE,
  CM: NONE,
  CW: NONE,
  DJ: NONE,
  DM: NONE,
  ER: NONE,
  FJ: NONE,
  GA: NONE,
  GD: NONE,
  GH: NONE,
  GM: NONE,
  GQ: NONE,
  GY: NONE,
  HK: NONE,
  HM: NONE,
  KI: NONE,
  KM: NONE,
  KN: NONE,
  KP: NONE,
  LY: NONE,
  ML: NONE,
  MO: NONE,
  MR: NONE,
  MW: NONE,
  NR: NONE,
  NU: NONE,
  QA: NONE,
  RW: NONE,
  SB: NONE,
  SC: NONE,
  SL: NONE,
  SR: NONE,
  SS: NONE,
  ST: NONE,
  SX: NONE,
  SY: NONE,
  TD: NONE,
  TF: NONE,
  TG: NONE,
  TK: NONE,
  TL: NONE,
  TO: NONE,
  TV: NONE,
  UG: NONE,
  VU: NONE,
  YE: NONE,
  ZW: NONE,
};

/** The rule of a country not in {@link POSTAL_CODE_RULES}: a code of any format, which may be left blank. */
const ANY_CODE: PostalCodeRule = { requirement: 'optional', label: 'postalCode' };

/** The postal code rule of a country (ISO 3166-1 alpha-2, either case). */
export function postalCodeRule(country: string): PostalCodeRule {
  return POSTAL_CODE_RULES[country.trim().toUpperCase()] ?? ANY_CODE;
}

/** An Eircode is never required: Irish addresses without one are the rule's reason for being optional. */
const REQUIRED_MESSAGE: Record<PostalCodeLabel, string> = {
  postalCode: ApiMessages['payment.postalCodeRequired'],
  postcode: ApiMessages['payment.postcodeRequired'],
  zipCode: ApiMessages['payment.zipCodeRequired'],
  eircode: ApiMessages['payment.postalCodeRequired'],
};

const INVALID_MESSAGE = {
  postalCode: 'payment.postalCodeInvalid',
  postcode: 'payment.postcodeInvalid',
  zipCode: 'payment.zipCodeInvalid',
  eircode: 'payment.eircodeInvalid',
} as const satisfies Record<PostalCodeLabel, keyof typeof ApiMessages>;

/**
 * What is wrong with a billing address's postal code for its country (a catalog message), or null when nothing
 * is: missing where every address has one, or not in the country's format. A country without postal codes
 * accepts none (a code given anyway is not sent on).
 */
export function postalCodeProblem(country: string, postalCode: string | undefined): string | null {
  const rule = postalCodeRule(country);
  const code = (postalCode ?? '').trim();
  if (rule.requirement === 'none') return null;
  if (code === '') return rule.requirement === 'required' ? REQUIRED_MESSAGE[rule.label] : null;
  if (rule.pattern && !rule.pattern.test(code)) {
    return apiMessage(INVALID_MESSAGE[rule.label], { example: rule.example ?? '' });
  }
  return null;
}
