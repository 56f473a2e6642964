import {
  penceToEuroCents,
  type Country,
  type ExchangeRate,
  type ProcessingOption,
  type VisaType,
  type VisaTypesResponse,
} from '@waypoint/contracts';
import type { ServiceContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import type { countries, processingOptions, visaTypes } from '../../db/schema';
import * as repo from './reference.repo';

type CountryRow = typeof countries.$inferSelect;
type VisaTypeRow = typeof visaTypes.$inferSelect;
type OptionRow = typeof processingOptions.$inferSelect;

/** "1.145000" → "1.1450": at least four decimals, no noise beyond. */
export function normaliseRate(rate: string): string {
  const [whole, frac = ''] = rate.split('.');
  return `${whole}.${frac.replace(/0+$/, '').padEnd(4, '0')}`;
}

const toCountry = (c: CountryRow): Country => ({
  id: c.code,
  name: c.name,
  flagEmoji: c.flagEmoji,
  entryRule: c.entryRule,
  ruleNote: c.ruleNote,
});

export const toProcessingOption = (o: OptionRow): ProcessingOption => ({
  id: o.id,
  visaTypeId: o.visaTypeId,
  name: o.name,
  description: o.description,
  priceCents: o.priceCents,
  hours: o.hours,
});

/** The exchange rate that prices new orders. */
export async function getCurrentRate({ ctx }: { ctx: ServiceContext }): Promise<ExchangeRate> {
  const row = await repo.findLatestRate(ctx.db, 'GBP', 'EUR');
  if (!row) throw new AppError(503, 'NOT_READY', 'Prices are not available yet. Please try again.');
  return { base: 'GBP', quote: 'EUR', rate: normaliseRate(row.rate), date: row.effectiveDate };
}

export function toVisaType(v: VisaTypeRow, rate: ExchangeRate): VisaType {
  return {
    id: v.id,
    name: v.name,
    kind: v.kind,
    badge: v.badge,
    validityPeriod: v.validityPeriod,
    entryType: v.entryType,
    maxStayDuration: v.maxStayDuration,
    governmentFeeGbpPence: v.governmentFeeGbpPence,
    governmentFeeCents: penceToEuroCents(v.governmentFeeGbpPence, rate.rate),
    exchangeRate: rate,
  };
}

export async function listCountries({ ctx }: { ctx: ServiceContext }): Promise<Country[]> {
  return (await repo.findAllCountries(ctx.db)).map(toCountry);
}

export async function listVisaTypes({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { countryId?: string | undefined };
}): Promise<VisaTypesResponse> {
  const rate = await getCurrentRate({ ctx });
  if (!input.countryId) {
    const all = await repo.findActiveVisaTypes(ctx.db);
    return {
      country: null,
      entryRule: null,
      notice: null,
      visaTypes: all.map((v) => toVisaType(v, rate)),
    };
  }
  const country = await repo.findCountry(ctx.db, input.countryId);
  if (!country) throw notFound(`We do not know the country '${input.countryId}'`);
  if (country.entryRule === 'NONE') {
    return {
      country: toCountry(country),
      entryRule: 'NONE',
      notice:
        country.ruleNote ??
        `Citizens of ${country.name} do not need an ETA or a visa to visit the United Kingdom.`,
      visaTypes: [],
    };
  }
  const rows = await repo.findVisaTypesForCountry(ctx.db, country.code);
  return {
    country: toCountry(country),
    entryRule: country.entryRule,
    notice: country.ruleNote,
    visaTypes: rows.map((v) => toVisaType(v, rate)),
  };
}

export async function listProcessingOptions({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { visaTypeId: string };
}): Promise<ProcessingOption[]> {
  const visaType = await repo.findVisaType(ctx.db, input.visaTypeId);
  if (!visaType || !visaType.active)
    throw notFound(`We do not know the visa type '${input.visaTypeId}'`);
  return (await repo.findActiveOptions(ctx.db, visaType.id)).map(toProcessingOption);
}
