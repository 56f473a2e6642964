import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  countries,
  countryVisaTypes,
  exchangeRates,
  processingOptions,
  visaTypes,
} from '../../db/schema';

export function findAllCountries(db: Db) {
  return db.select().from(countries).orderBy(asc(countries.sortOrder));
}

export async function findCountry(db: Db, code: string) {
  const rows = await db.select().from(countries).where(eq(countries.code, code));
  return rows[0];
}

export function findActiveVisaTypes(db: Db) {
  return db
    .select()
    .from(visaTypes)
    .where(eq(visaTypes.active, true))
    .orderBy(asc(visaTypes.sortOrder));
}

export async function findVisaTypesForCountry(db: Db, code: string) {
  const rows = await db
    .select({ visaType: visaTypes })
    .from(countryVisaTypes)
    .innerJoin(visaTypes, eq(visaTypes.id, countryVisaTypes.visaTypeId))
    .where(and(eq(countryVisaTypes.countryCode, code), eq(visaTypes.active, true)))
    .orderBy(asc(visaTypes.sortOrder));
  return rows.map((r) => r.visaType);
}

export async function findVisaType(db: Db, id: string) {
  const rows = await db.select().from(visaTypes).where(eq(visaTypes.id, id));
  return rows[0];
}

export function findActiveOptions(db: Db, visaTypeId: string) {
  return db
    .select()
    .from(processingOptions)
    .where(and(eq(processingOptions.visaTypeId, visaTypeId), eq(processingOptions.active, true)))
    .orderBy(asc(processingOptions.sortOrder));
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
