import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../boot';
import { migrateDatabase } from './migrate';
import { readReferenceData, seedFolder, seedReferenceData } from './seed';
import { countries, countryVisaTypes, processingOptions, visaTypes } from './schema';
import { cloneTemplate, TEMPLATE_ENV } from '../test/template';

describe('reference data seed', () => {
  it('applies once, and again only when the files change', async () => {
    const database = await cloneTemplate(process.env[TEMPLATE_ENV]!);
    try {
      // The template is already seeded: the same files change nothing.
      expect(await seedReferenceData(database)).toBe(false);
      const [{ n }] = (await database.db.select({ n: count() }).from(countries)) as [{ n: number }];
      expect(n).toBe(250);

      const ref = await readReferenceData();
      const edited = {
        ...ref,
        version: `${ref.version}-edited`,
        products: {
          ...ref.products,
          visaTypes: ref.products.visaTypes.map((v) =>
            v.id === 'uk-eta' ? { ...v, governmentFeeGbpPence: 2500 } : v,
          ),
        },
      };
      expect(await seedReferenceData(database, edited)).toBe(true);
      const [eta] = await database.db.select().from(visaTypes).where(eq(visaTypes.id, 'uk-eta'));
      expect(eta?.governmentFeeGbpPence).toBe(2500);
      expect(await seedReferenceData(database, edited)).toBe(false);

      const rules = await database.db
        .select()
        .from(countryVisaTypes)
        .where(eq(countryVisaTypes.countryCode, 'US'));
      expect(rules.map((r) => r.visaTypeId)).toEqual(['uk-eta']);
      const options = await database.db.select().from(processingOptions);
      expect(options).toHaveLength(15);
    } finally {
      await database.close();
    }
  });

  it('rejects a malformed data file with the reason', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-seed-'));
    await fs.copyFile(path.join(seedFolder, 'countries.json'), path.join(dir, 'countries.json'));
    const products = JSON.parse(
      await fs.readFile(path.join(seedFolder, 'uk-products.json'), 'utf8'),
    );
    products.visaTypes[0].processingOptionSet = 'missing';
    await fs.writeFile(path.join(dir, 'uk-products.json'), JSON.stringify(products));
    await expect(readReferenceData(dir)).rejects.toThrow('names an unknown processing option set');
    await fs.rm(dir, { recursive: true, force: true });
  });
});

describe('embedded database on disk', () => {
  const onPglite = !process.env.DATABASE_URL;
  // Three databases created, migrated and seeded on disk: one of the long checks (`npm run test:long`, run in CI).
  const long = onPglite && Boolean(process.env.LONG_TESTS);
  (long ? it : it.skip)(
    'keeps its data across restarts, and two DATA_DIRs are separate',
    async () => {
      const dirA = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-a-'));
      const dirB = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-b-'));
      try {
        const first = await openConfiguredDatabase(loadConfig({ DATA_DIR: dirA }));
        await first.db.update(countries).set({ name: 'Renamed' }).where(eq(countries.code, 'US'));
        await first.close();

        const again = await openConfiguredDatabase(loadConfig({ DATA_DIR: dirA }));
        const [us] = await again.db.select().from(countries).where(eq(countries.code, 'US'));
        expect(us?.name).toBe('Renamed');
        await again.close();

        const other = await openConfiguredDatabase(loadConfig({ DATA_DIR: dirB }));
        const [usB] = await other.db.select().from(countries).where(eq(countries.code, 'US'));
        expect(usB?.name).toBe('United States');
        await other.close();
      } finally {
        await fs.rm(dirA, { recursive: true, force: true });
        await fs.rm(dirB, { recursive: true, force: true });
      }
    },
    // Three databases created, migrated and seeded on disk: seconds each, far longer on a busy machine.
    120_000,
  );

  it('migrations are idempotent', async () => {
    // The template was migrated and seeded from an empty database: doing it again changes nothing.
    const database = await cloneTemplate(process.env[TEMPLATE_ENV]!);
    try {
      await migrateDatabase(database);
      await migrateDatabase(database);
      await seedReferenceData(database);
      const rows = await database.db.select({ n: count() }).from(visaTypes);
      expect(rows[0]?.n).toBe(5);
    } finally {
      await database.close();
    }
  });
});
