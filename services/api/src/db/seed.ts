import path from 'node:path';
import fs from 'node:fs/promises';
import { eq, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { Currency, EntryRule, VisaKind } from '@waypoint/contracts';
import type { Database, Tx } from './client';
import {
  countries,
  countryVisaTypes,
  exchangeRates,
  processingOptions,
  seedVersions,
  visaTypes,
} from './schema';

/** The reference data files committed with the API (services/api/seed). */
export const seedFolder = path.resolve(__dirname, '../../seed');

const CountriesFile = z.array(
  z.object({
    code: z.string().regex(/^[A-Z]{2}$/),
    name: z.string().min(1),
    flagEmoji: z.string().min(1),
    entryRule: EntryRule,
    ruleNote: z.string().nullable(),
  }),
);

const OptionTemplate = z.object({
  suffix: z.string().regex(/^[a-z-]+$/),
  name: z.string().min(1),
  description: z.string().min(1),
  priceCents: z.number().int().min(0),
  hours: z.number().int().positive(),
});

const ProductsFile = z.object({
  version: z.string().min(1),
  exchangeRate: z.object({
    base: z.literal('GBP'),
    quote: Currency,
    rate: z.string().regex(/^\d+\.\d{1,6}$/),
    date: z.iso.date(),
    source: z.string().min(1),
  }),
  visaTypes: z.array(
    z.object({
      id: z.string().regex(/^[a-z0-9-]+$/),
      name: z.string().min(1),
      kind: VisaKind,
      badge: z.string().min(1),
      validityPeriod: z.string().min(1),
      entryType: z.string().min(1),
      maxStayDuration: z.string().min(1),
      governmentFeeGbpPence: z.number().int().min(0),
      feeEffectiveFrom: z.iso.date(),
      processingOptionSet: z.string().min(1),
    }),
  ),
  processingOptionSets: z.record(z.string(), z.array(OptionTemplate).min(1)),
});

export type CountriesFile = z.infer<typeof CountriesFile>;
export type ProductsFile = z.infer<typeof ProductsFile>;

export interface ReferenceData {
  countries: CountriesFile;
  products: ProductsFile;
  /** Changes whenever either file changes, so an edited file is applied on the next start. */
  version: string;
}

export async function readReferenceData(folder = seedFolder): Promise<ReferenceData> {
  const [countriesRaw, productsRaw] = await Promise.all([
    fs.readFile(path.join(folder, 'countries.json'), 'utf8'),
    fs.readFile(path.join(folder, 'uk-products.json'), 'utf8'),
  ]);
  const parsedCountries = CountriesFile.parse(JSON.parse(countriesRaw));
  const products = ProductsFile.parse(JSON.parse(productsRaw));
  for (const v of products.visaTypes) {
    if (!products.processingOptionSets[v.processingOptionSet]) {
      throw new Error(`Visa type ${v.id} names an unknown processing option set`);
    }
  }
  const { createHash } = await import('node:crypto');
  const version = createHash('sha256').update(countriesRaw).update(productsRaw).digest('hex');
  return {
    countries: parsedCountries,
    products,
    version: `${products.version}:${version.slice(0, 16)}`,
  };
}

/** The `seed_versions` row of the reference data: its version changes whenever the data is written again. */
export const REFERENCE_SEED_NAME = 'reference-data';

/** Notified (at commit) whenever the reference data changes, so running API processes reload it. */
export const REFERENCE_CHANGED_CHANNEL = 'reference_changed';

/**
 * Loads the reference data into the database when this version of the files has not been applied yet.
 * Idempotent: running it again with the same files changes nothing.
 * Returns true when it wrote anything.
 */
export async function seedReferenceData(
  database: Database,
  data?: ReferenceData,
): Promise<boolean> {
  const ref = data ?? (await readReferenceData());
  return database.db.transaction(async (tx) => {
    // Serialise concurrent starts against one PostgreSQL; a no-op on PGlite.
    await tx.execute(sql`select pg_advisory_xact_lock(724113002)`);
    const applied = await tx
      .select({ version: seedVersions.version })
      .from(seedVersions)
      .where(eq(seedVersions.name, REFERENCE_SEED_NAME));
    if (applied[0]?.version === ref.version) return false;
    await writeReferenceData(tx, ref);
    await tx
      .insert(seedVersions)
      .values({ name: REFERENCE_SEED_NAME, version: ref.version })
      .onConflictDoUpdate({
        target: seedVersions.name,
        set: { version: ref.version, appliedAt: sql`now()` },
      });
    await tx.execute(sql.raw(`notify ${REFERENCE_CHANGED_CHANNEL}`));
    return true;
  });
}

async function writeReferenceData(tx: Tx, ref: ReferenceData): Promise<void> {
  const now = sql`now()`;
  const countryRows = ref.countries.map((c, i) => ({
    code: c.code,
    name: c.name,
    flagEmoji: c.flagEmoji,
    entryRule: c.entryRule,
    ruleNote: c.ruleNote,
    sortOrder: i + 1,
  }));
  await tx
    .insert(countries)
    .values(countryRows)
    .onConflictDoUpdate({
      target: countries.code,
      set: {
        name: sql`excluded.name`,
        flagEmoji: sql`excluded.flag_emoji`,
        entryRule: sql`excluded.entry_rule`,
        ruleNote: sql`excluded.rule_note`,
        sortOrder: sql`excluded.sort_order`,
        updatedAt: now,
      },
    });

  const { products } = ref;
  await tx
    .insert(visaTypes)
    .values(
      products.visaTypes.map((v, i) => ({
        id: v.id,
        name: v.name,
        kind: v.kind,
        badge: v.badge,
        validityPeriod: v.validityPeriod,
        entryType: v.entryType,
        maxStayDuration: v.maxStayDuration,
        governmentFeeGbpPence: v.governmentFeeGbpPence,
        feeEffectiveFrom: v.feeEffectiveFrom,
        active: true,
        sortOrder: i + 1,
      })),
    )
    .onConflictDoUpdate({
      target: visaTypes.id,
      set: {
        name: sql`excluded.name`,
        kind: sql`excluded.kind`,
        badge: sql`excluded.badge`,
        validityPeriod: sql`excluded.validity_period`,
        entryType: sql`excluded.entry_type`,
        maxStayDuration: sql`excluded.max_stay_duration`,
        governmentFeeGbpPence: sql`excluded.government_fee_gbp_pence`,
        feeEffectiveFrom: sql`excluded.fee_effective_from`,
        active: true,
        sortOrder: sql`excluded.sort_order`,
        updatedAt: now,
      },
    });

  const optionRows = products.visaTypes.flatMap((v) =>
    products.processingOptionSets[v.processingOptionSet]!.map((o, i) => ({
      id: `${v.id}-${o.suffix}`,
      visaTypeId: v.id,
      name: o.name,
      description: o.description,
      priceCents: o.priceCents,
      hours: o.hours,
      active: true,
      sortOrder: i + 1,
    })),
  );
  await tx
    .insert(processingOptions)
    .values(optionRows)
    .onConflictDoUpdate({
      target: processingOptions.id,
      set: {
        visaTypeId: sql`excluded.visa_type_id`,
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        priceCents: sql`excluded.price_cents`,
        hours: sql`excluded.hours`,
        active: true,
        sortOrder: sql`excluded.sort_order`,
        updatedAt: now,
      },
    });

  // Products no longer in the file stay for existing orders but are no longer offered.
  await tx
    .update(visaTypes)
    .set({ active: false, updatedAt: now })
    .where(
      notInArray(
        visaTypes.id,
        products.visaTypes.map((v) => v.id),
      ),
    );
  await tx
    .update(processingOptions)
    .set({ active: false, updatedAt: now })
    .where(
      notInArray(
        processingOptions.id,
        optionRows.map((o) => o.id),
      ),
    );

  // The rules are derived from each nationality's entry rule: ETA nationals get the ETA,
  // visa nationals every visitor visa, and nationalities that need nothing get nothing.
  await tx.delete(countryVisaTypes);
  const byKind = (kind: 'ETA' | 'VISA') =>
    products.visaTypes.filter((v) => v.kind === kind).map((v) => v.id);
  const ruleRows = ref.countries.flatMap((c) =>
    c.entryRule === 'NONE'
      ? []
      : byKind(c.entryRule).map((visaTypeId) => ({ countryCode: c.code, visaTypeId })),
  );
  await tx.insert(countryVisaTypes).values(ruleRows);

  const rate = products.exchangeRate;
  await tx
    .insert(exchangeRates)
    .values({
      base: rate.base,
      quote: rate.quote,
      effectiveDate: rate.date,
      rate: rate.rate,
      source: rate.source,
    })
    .onConflictDoUpdate({
      target: [exchangeRates.base, exchangeRates.quote, exchangeRates.effectiveDate],
      set: { rate: sql`excluded.rate`, source: sql`excluded.source` },
    });
}
