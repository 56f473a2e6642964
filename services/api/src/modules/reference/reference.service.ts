import {
  ApiMessages,
  CURRENCY,
  ErrorCode,
  penceToEuroCents,
  type Country,
  type ExchangeRate,
  type ProcessingOption,
  type VisaType,
  type VisaTypesResponse,
} from '@waypoint/contracts';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { CountryRow, ProcessingOptionRow, VisaTypeRow } from '../../db/rows';
import { REFERENCE_SEED_NAME } from '../../db/seed';
import * as repo from './reference.repo';

type OptionRow = ProcessingOptionRow;

export const ReferenceText = {
  pricesNotReady: ApiMessages['reference.pricesNotReady'],
} as const;

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
  const row = await repo.findLatestRate(ctx.db, 'GBP', CURRENCY);
  if (!row) throw new AppError(ErrorCode.NOT_READY, 'reference.pricesNotReady');
  return { base: 'GBP', quote: CURRENCY, rate: normaliseRate(row.rate), date: row.effectiveDate };
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

/** Everything the reference routes answer, read at one moment (the snapshot the API serves from memory). */
export interface ReferenceSnapshotData {
  /** The applied seed version (a change means the data was written again). */
  version: string | null;
  countries: Country[];
  /** The exchange rate pricing the visa types; null while none is stored. */
  rate: ExchangeRate | null;
  /** The visa types offered to each nationality (by country code), and to anyone (under ''). */
  visaTypes: Map<string, VisaTypesResponse>;
  /** The active processing options of each active visa type (by visa type id). */
  options: Map<string, ProcessingOption[]>;
}

/** Reads the whole of the reference data in one consistent snapshot. */
export async function readReferenceSnapshot({
  ctx,
}: {
  ctx: ServiceContext;
}): Promise<ReferenceSnapshotData> {
  const read = await ctx.db.transaction(
    async (tx) => {
      const db = tx as unknown as typeof ctx.db;
      const version = await repo.findSeedVersion(db, REFERENCE_SEED_NAME);
      const countryRows = await repo.findAllCountries(db);
      const rateRow = await repo.findLatestRate(db, 'GBP', CURRENCY);
      const visaTypeRows = await repo.findActiveVisaTypes(db);
      const rules = await repo.findAllCountryVisaTypes(db);
      const optionRows = await repo.findAllActiveOptions(db);
      return { version, countryRows, rateRow, visaTypeRows, rules, optionRows };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const rate: ExchangeRate | null = read.rateRow
    ? {
        base: 'GBP',
        quote: CURRENCY,
        rate: normaliseRate(read.rateRow.rate),
        date: read.rateRow.effectiveDate,
      }
    : null;
  const visaTypeById = new Map(read.visaTypeRows.map((v) => [v.id, v]));
  const visaTypes = new Map<string, VisaTypesResponse>();
  if (rate) {
    visaTypes.set('', {
      country: null,
      entryRule: null,
      notice: null,
      visaTypes: read.visaTypeRows.map((v) => toVisaType(v, rate)),
    });
    const offered = new Map<string, VisaTypeRow[]>();
    for (const rule of read.rules) {
      const row = visaTypeById.get(rule.visaTypeId);
      if (!row) continue;
      const list = offered.get(rule.countryCode) ?? [];
      list.push(row);
      offered.set(rule.countryCode, list);
    }
    for (const country of read.countryRows) {
      visaTypes.set(country.code, countryVisaTypes(country, offered.get(country.code) ?? [], rate));
    }
  }
  const options = new Map<string, ProcessingOption[]>(
    read.visaTypeRows.map((v) => [v.id, [] as ProcessingOption[]]),
  );
  for (const o of read.optionRows) options.get(o.visaTypeId)?.push(toProcessingOption(o));
  return {
    version: read.version,
    countries: read.countryRows.map(toCountry),
    rate,
    visaTypes,
    options,
  };
}

function countryVisaTypes(
  country: CountryRow,
  offered: VisaTypeRow[],
  rate: ExchangeRate,
): VisaTypesResponse {
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
  return {
    country: toCountry(country),
    entryRule: country.entryRule,
    notice: country.ruleNote,
    visaTypes: offered.map((v) => toVisaType(v, rate)),
  };
}

/** The version of the reference data last written by the seed (cheap: one row). */
export function appliedReferenceVersion({ ctx }: { ctx: ServiceContext }) {
  return repo.findSeedVersion(ctx.db, REFERENCE_SEED_NAME);
}
