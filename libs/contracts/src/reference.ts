import { z } from 'zod';
import { ApiMessages } from './api-messages';
import { Currency } from './money';
import { Slug, text } from './primitives';

/**
 * The nationality chosen when the traveller has not picked one (spec section 9): the wizard's first step, and the
 * server that renders it with its visa types, start from it.
 */
export const DEFAULT_COUNTRY_ID = 'US';

/** What a nationality needs to visit the United Kingdom. */
export const EntryRule = z.enum(['ETA', 'VISA', 'NONE']);
export type EntryRule = z.infer<typeof EntryRule>;

export const CountryCode = text()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, ApiMessages['validation.countryCode']);
export type CountryCode = z.infer<typeof CountryCode>;

export const Country = z.object({
  /** ISO 3166-1 alpha-2 code (plus XK for Kosovo). */
  id: text(),
  name: text(),
  flagEmoji: text(),
  entryRule: EntryRule,
  ruleNote: text().nullable(),
});
export type Country = z.infer<typeof Country>;

export const VisaKind = z.enum(['ETA', 'VISA']);
export type VisaKind = z.infer<typeof VisaKind>;

export const ExchangeRate = z.object({
  base: z.literal('GBP'),
  quote: Currency,
  /** Decimal string, e.g. "1.1450" euros for one pound. */
  rate: text(),
  /** The date the rate was taken (YYYY-MM-DD). */
  date: text(),
});
export type ExchangeRate = z.infer<typeof ExchangeRate>;

export const VisaType = z.object({
  id: text(),
  name: text(),
  kind: VisaKind,
  /** Badge shown on the Visa Information card. */
  badge: text(),
  validityPeriod: text(),
  entryType: text(),
  maxStayDuration: text(),
  /** Government fee per traveller in pence, as set by the UK government. */
  governmentFeeGbpPence: z.number().int(),
  /** The same fee in euro cents at `exchangeRate`. */
  governmentFeeCents: z.number().int(),
  exchangeRate: ExchangeRate,
});
export type VisaType = z.infer<typeof VisaType>;

export const ProcessingOption = z.object({
  id: text(),
  visaTypeId: text(),
  name: text(),
  description: text(),
  /** The portal's service fee per traveller, in euro cents. */
  priceCents: z.number().int(),
  /** How many hours the portal takes to check and submit the application. */
  hours: z.number().int(),
});
export type ProcessingOption = z.infer<typeof ProcessingOption>;

export const CountriesResponse = z.array(Country);
export type CountriesResponse = z.infer<typeof CountriesResponse>;

export const VisaTypesQuery = z.object({
  countryId: CountryCode.optional(),
});
export type VisaTypesQuery = z.input<typeof VisaTypesQuery>;

export const VisaTypesResponse = z.object({
  /** The nationality asked about, when `countryId` was given. */
  country: Country.nullable(),
  /** What that nationality needs; null when no country was given. */
  entryRule: EntryRule.nullable(),
  /** A sentence the front end shows next to the list (why it is empty, or a caveat). */
  notice: text().nullable(),
  visaTypes: z.array(VisaType),
});
export type VisaTypesResponse = z.infer<typeof VisaTypesResponse>;

export const VisaTypeIdParams = z.object({ id: Slug });
export type VisaTypeIdParams = z.input<typeof VisaTypeIdParams>;

export const ProcessingOptionsResponse = z.array(ProcessingOption);
export type ProcessingOptionsResponse = z.infer<typeof ProcessingOptionsResponse>;
