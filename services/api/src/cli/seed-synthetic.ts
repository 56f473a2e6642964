import { sql } from 'drizzle-orm';
import { openConfiguredDatabase } from '../boot';
import { loadConfig } from '../config';
import type { Database } from '../db/client';

/**
 * `npm run db:seed:synthetic -- 1000000`: adds N synthetic applications (with travellers, some with accounts,
 * statuses and dates spread over two years, the open work of the last six days: about 5% of the orders) to the
 * configured database, generated inside the database. Each paid order has its payment; the speeds are mixed (six
 * in ten standard, three express, one super urgent), each due its promise's hours after submission and lodged
 * within 20% to 119% of them (about four in five on time); decided orders were decided days after lodging; about
 * one order in a hundred was refunded in full a day after paying, and one decided order in fifty given back its
 * service fee. Rows are added in batches (20,000 by default), each in a statement short enough for the API's
 * statement timeout.
 */
export async function seedSynthetic(database: Database, count: number, batch = 20_000) {
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
          1 + (hashint4(g * 11) & 2147483647) % 3 as travellers,
          speed.suffix, speed.hours, speed.fee,
          -- The time to lodging on the promise's clock, as a share of its hours: 0.20 to 1.19.
          0.2 + ((hashint4(g * 41) & 2147483647) % 100) / 100.0 as pace,
          -- Days from lodging to the decision: 1 to 10.
          1 + (hashint4(g * 43) & 2147483647) % 10 as decision_days
        from generate_series(1, ${n}) g
        cross join lateral (select (case (hashint4(g) & 2147483647) % 100
          when 0 then 'SUBMITTED' when 1 then 'SUBMITTED' when 2 then 'UNDER_REVIEW' when 3 then 'UNDER_REVIEW'
          when 4 then 'CHANGES_REQUESTED' when 5 then 'LODGED' when 6 then 'LODGED' when 7 then 'LODGED'
          when 8 then 'REFUNDED'
          else (array['DRAFT','IN_PROGRESS','APPROVED','APPROVED','APPROVED','APPROVED','APPROVED','REJECTED'])[1 + (hashint4(g * 19) & 2147483647) % 8]
          end)::application_status as status) x
        cross join lateral (select * from (values
          ('standard', 72, 2900), ('express', 24, 4900), ('super-urgent', 4, 8900)
        ) v(suffix, hours, fee)
          where v.suffix = case when (hashint4(g * 31) & 2147483647) % 10 < 6 then 'standard'
            when (hashint4(g * 31) & 2147483647) % 10 < 9 then 'express' else 'super-urgent' end) speed`);
      await tx.execute(sql`
        insert into applications (id, status, guest_email, country_code, visa_type_id, processing_option_id, has_planned_dates,
          traveler_count, government_fee_gbp_pence, exchange_rate, exchange_rate_date, government_fee_cents, processing_fee_cents,
          processing_hours, total_cents, search_text, created_at, updated_at, paid_at, submitted_at, due_at,
          review_started_at, lodged_at, lodged_on, home_office_reference, decided_at, refunded_at)
        select id, status, email, 'US', 'uk-eta', 'uk-eta-' || suffix, false, travellers, 2000, 1.145, '2026-11-02', 2290, fee,
          hours, (2290 + fee) * travellers, lower(email || ' ' || first_name || ' ' || last_name), created, created,
          case when status <> 'DRAFT' then created end,
          case when status not in ('DRAFT','IN_PROGRESS','REFUNDED') then created + interval '1 hour' end,
          case when status not in ('DRAFT','IN_PROGRESS','REFUNDED') then created + interval '1 hour' + make_interval(hours => hours) end,
          case when status not in ('DRAFT','IN_PROGRESS','REFUNDED','SUBMITTED') then created + interval '1 hour' + make_interval(secs => hours * 360) end,
          lodged,
          lodged::date,
          case when lodged is not null then lpad((hashint4(i * 17) & 2147483647)::text, 16, '0') end,
          case when status in ('APPROVED','REJECTED') then lodged + make_interval(days => decision_days) end,
          case when status = 'REFUNDED' then created + interval '1 day' end
        from synth
        cross join lateral (select case when status in ('LODGED','APPROVED','REJECTED')
          then created + interval '1 hour' + make_interval(secs => hours * 3600 * pace) end as lodged) l`);
      await tx.execute(sql`
        insert into travelers (application_id, position, first_name, last_name, date_of_birth, email)
        select s.id, p, s.first_name, s.last_name, date '1960-01-01' + (hashint4(s.i * 13 + p) & 2147483647) % 15000,
          case when p = 1 then s.email end
        from synth s cross join lateral generate_series(1, s.travellers) p`);
      await tx.execute(sql`
        insert into payments (application_id, provider, provider_payment_id, idempotency_key, amount_cents, currency,
          status, provider_status, created_at, updated_at, succeeded_at, card_brand, card_last4)
        select id, 'sandbox', 'synthetic_' || id, 'synthetic_' || id, (2290 + fee) * travellers, 'EUR',
          'succeeded', 'succeeded', created, created, created, 'visa', '4242'
        from synth where status <> 'DRAFT'`);
      await tx.execute(sql`
        insert into refunds (application_id, payment_id, kind, amount_cents, currency, provider_refund_id, status,
          idempotency_key, reason, order_status_before, created_at, updated_at, settled_at)
        select s.id, p.id, r.kind::refund_kind, r.cents, 'EUR', 'synthetic_' || s.id, 'succeeded', 'synthetic', r.reason,
          case when r.kind = 'full' then 'IN_PROGRESS'::application_status end, r.at, r.at, r.at
        from synth s
        join payments p on p.application_id = s.id
        cross join lateral (select
          case when s.status = 'REFUNDED' then 'full' else 'service_fee' end as kind,
          case when s.status = 'REFUNDED' then (2290 + s.fee) * s.travellers else s.fee * s.travellers end as cents,
          case when s.status = 'REFUNDED' then 'Trip cancelled' else 'Slow reply' end as reason,
          s.created + interval '1 day' as at) r
        where s.status = 'REFUNDED'
          or (s.status in ('APPROVED','REJECTED') and (hashint4(s.i * 47) & 2147483647) % 50 = 0)`);
    });
  }
  // Fresh statistics and visibility map, so the planner and index-only scans see the new rows.
  await db.execute(sql`vacuum analyze applications`);
  await db.execute(sql`vacuum analyze travelers`);
  await db.execute(sql`vacuum analyze payments`);
  await db.execute(sql`vacuum analyze refunds`);
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
