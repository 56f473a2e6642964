import { count, eq } from 'drizzle-orm';
import { applications, travelers } from '../db/schema';
import { cloneTemplate, TEMPLATE_ENV } from '../test/template';
import { seedSynthetic } from './seed-synthetic';

describe('synthetic applications', () => {
  it('adds the requested number of searchable applications with travellers and spread statuses', async () => {
    const database = await cloneTemplate(process.env[TEMPLATE_ENV]!);
    try {
      await seedSynthetic(database, 250, 100);
      const [{ n }] = (await database.db.select({ n: count() }).from(applications)) as [
        { n: number },
      ];
      expect(Number(n)).toBe(250);
      const statuses = await database.db
        .selectDistinct({ s: applications.status })
        .from(applications);
      expect(statuses.length).toBeGreaterThanOrEqual(5);
      const [{ t }] = (await database.db.select({ t: count() }).from(travelers)) as [{ t: number }];
      expect(Number(t)).toBeGreaterThanOrEqual(250);
      const [one] = await database.db
        .select()
        .from(applications)
        .where(eq(applications.guestEmail, 'synthetic0_7@example.com'));
      expect(one!.searchText).toContain('synthetic0_7@example.com');
      expect(one!.totalCents).toBe(5190 * one!.travelerCount);
    } finally {
      await database.close();
    }
  });
});
