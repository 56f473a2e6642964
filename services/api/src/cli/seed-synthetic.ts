import { sql } from 'drizzle-orm';
import { openConfiguredDatabase } from '../boot';
import { loadConfig } from '../config';
import type { Database } from '../db/client';

/**
 * `npm run db:seed:synthetic -- 1000000`: adds N synthetic applications (with travellers, some with accounts,
 * statuses and dates spread over two years, the open work of the last six days: about 5% of the orders, due three
 * days after submission) to the configured database, generated inside the database.
 */
export async function seedSynthetic(database: Database, count: number, batch = 100_000) {
  const db = database.db;
  for (let done = 0; done < count; done += batch) {
    const n = Math.min(batch, count - done);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        create temporary table synth on commit drop as
        select gen_random_uuid() as id, g as i,
          x.status,
          -- Open work is recent (a queue of days); the rest spreads over two years.
          now() - make_interval(secs => ((hashint4(g * 7) & 2147483647)
            % (case when x.status in ('SUBMITTED','UNDER_REVIEW','CHANGES_REQUESTED') then 6 else 730 end * 86400))) as created,
          'synthetic' || ${done} || '_' || g || '@example.com' as email,
          (array['Olivia','Liam','Emma','Noah','Ava','Mateo','Sofia','Lucas','Mia','Arjun','Yuki','Chen','Amara','Ivan','Fatima'])[1 + (hashint4(g * 3) & 2147483647) % 15] as first_name,
          (array['Smith','Garcia','Müller','Rossi','Kowalski','Silva','Tanaka','Kim','Okafor','Novak','Haddad','Patel','Dubois','Jensen','Costa'])[1 + (hashint4(g * 5) & 2147483647) % 15] || (g % 997)::text as last_name,
          1 + (hashint4(g * 11) & 2147483647) % 3 as travellers
        from generate_series(1, ${n}) g
        cross join lateral (select (case (hashint4(g) & 2147483647) % 100
          when 0 then 'SUBMITTED' when 1 then 'SUBMITTED' when 2 then 'UNDER_REVIEW' when 3 then 'UNDER_REVIEW'
          when 4 then 'CHANGES_REQUESTED' when 5 then 'LODGED' when 6 then 'LODGED' when 7 then 'LODGED'
          else (array['DRAFT','IN_PROGRESS','APPROVED','APPROVED','APPROVED','APPROVED','APPROVED','REJECTED'])[1 + (hashint4(g * 19) & 2147483647) % 8]
          end)::application_status as status) x`);
      await tx.execute(sql`
        insert into applications (id, status, guest_email, country_code, visa_type_id, processing_option_id, has_planned_dates,
          traveler_count, government_fee_gbp_pence, exchange_rate, exchange_rate_date, government_fee_cents, processing_fee_cents,
          processing_hours, total_cents, search_text, created_at, updated_at, paid_at, submitted_at, due_at, lodged_at,
          lodged_on, home_office_reference)
        select id, status, email, 'US', 'uk-eta', 'uk-eta-standard', false, travellers, 2000, 1.145, '2026-11-02', 2290, 2900, 72,
          5190 * travellers, lower(email || ' ' || first_name || ' ' || last_name), created, created,
          case when status <> 'DRAFT' then created end,
          case when status not in ('DRAFT','IN_PROGRESS') then created + interval '1 hour' end,
          case when status not in ('DRAFT','IN_PROGRESS') then created + interval '1 hour' + interval '72 hours' end,
          case when status in ('LODGED','APPROVED','REJECTED') then created + interval '2 days' end,
          case when status in ('LODGED','APPROVED','REJECTED') then (created + interval '2 days')::date end,
          case when status in ('LODGED','APPROVED','REJECTED') then lpad((hashint4(i * 17) & 2147483647)::text, 16, '0') end
        from synth`);
      await tx.execute(sql`
        insert into travelers (application_id, position, first_name, last_name, date_of_birth, email)
        select s.id, p, s.first_name, s.last_name, date '1960-01-01' + (hashint4(s.i * 13 + p) & 2147483647) % 15000,
          case when p = 1 then s.email end
        from synth s cross join lateral generate_series(1, s.travellers) p`);
    });
  }
  // Fresh statistics and visibility map, so the planner and index-only scans see the new rows.
  await db.execute(sql`vacuum analyze applications`);
  await db.execute(sql`vacuum analyze travelers`);
}

async function main() {
  const count = Number(process.argv[2] ?? '1000');
  if (!Number.isInteger(count) || count < 1 || count > 10_000_000) {
    throw new Error('Usage: npm run db:seed:synthetic -- <number of applications, 1 to 10000000>');
  }
  const database = await openConfiguredDatabase(loadConfig());
  const started = Date.now();
  try {
    await seedSynthetic(database, count);
  } finally {
    await database.close();
  }
  process.stdout.write(
    `Added ${count} synthetic applications in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
  );
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
