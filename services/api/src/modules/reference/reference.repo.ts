import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  countries,
  countryVisaTypes,
  exchangeRates,
  processingOptions,
  seedVersions,
  visaTypes,
} from '../../db/schema';

export function findAllCountries(db: Db) {
  return db.select().from(countries).orderBy(asc(countries.sortOrder));
}

export function findActiveVisaTypes(db: Db) {
  return db
    .select()
    .from(visaTypes)
    .where(eq(visaTypes.active, true))
    .orderBy(asc(visaTypes.sortOrder));
}

export async function findLatestRate(db: Db, base: string, quote: string) {
  const rows = await db
    .select()
    .from(exchangeRates)
    .where(and(eq(exchangeRates.base, base), eq(exchangeRates.quote, quote)))
    .orderBy(desc(exchangeRates.effectiveDate))
    .limit(1);
  return rows[0];
}

/** Every active visa type offered to each nationality, in the visa types' order. */
export function findAllCountryVisaTypes(db: Db) {
  return db
    .select({ countryCode: countryVisaTypes.countryCode, visaTypeId: visaTypes.id })
    .from(countryVisaTypes)
    .innerJoin(visaTypes, eq(visaTypes.id, countryVisaTypes.visaTypeId))
    .where(eq(visaTypes.active, true))
    .orderBy(asc(visaTypes.sortOrder));
}

/** Every active processing option of every visa type, in their order. */
export function findAllActiveOptions(db: Db) {
  return db
    .select()
    .from(processingOptions)
    .where(eq(processingOptions.active, true))
    .orderBy(asc(processingOptions.sortOrder));
}

export async function findSeedVersion(db: Db, name: string) {
  const rows = await db
    .select({ version: seedVersions.version })
    .from(seedVersions)
    .where(eq(seedVersions.name, name));
  return rows[0]?.version ?? null;
}
