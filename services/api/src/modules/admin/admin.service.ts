import { PassThrough } from 'node:stream';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  AdminText,
  formatCents,
  STATUS_LABEL,
  TRANSITIONS,
  type AdminApplicationDetail,
  type AdminApplicationRow,
  type ApplicationStatus,
  type AuditEntry,
  type DashboardResponse,
} from '@waypoint/contracts';
import {
  applicationCounts,
  applications,
  auditLog,
  countries,
  payments,
  travelers,
  users,
  visaTypes,
} from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { UserRow } from '../../plugins/session';
import { applicationDetail } from '../applications/post-payment.service';
import { enqueueEmail } from '../notifications/outbox';
import {
  countApplications,
  NEWEST_FIRST,
  pageOfApplications,
  resolveFilters,
  travellersOf,
  type ListFilters,
  type ListSort,
} from './admin.repo';
import { csvRow } from './csv';
import { countFailedEmails } from '../notifications/outbox.repo';
import { countAwaitingReconciliation } from '../payments/payments.repo';

export interface Admin {
  user: UserRow;
  ip: string;
  userAgent: string | null;
}

type PageRow = Awaited<ReturnType<typeof pageOfApplications>>[number];

function toRow(r: PageRow, people: { firstName: string; lastName: string }[]): AdminApplicationRow {
  return {
    id: r.a.id,
    reference: r.a.reference,
    status: r.a.status,
    createdAt: r.a.createdAt.toISOString(),
    submittedAt: r.a.submittedAt?.toISOString() ?? null,
    updatedAt: r.a.updatedAt.toISOString(),
    totalAmount: r.a.totalCents / 100,
    totalCents: r.a.totalCents,
    travelerCount: r.a.travelerCount,
    travelers: people,
    country: { id: r.country.code, name: r.country.name, flagEmoji: r.country.flagEmoji },
    visaType: { id: r.a.visaTypeId, name: r.visaTypeName },
    user: r.user
      ? { firstName: r.user.firstName, lastName: r.user.lastName, email: r.user.email }
      : null,
    guestEmail: r.a.guestEmail,
  };
}

async function rowsFor(ctx: ServiceContext, page: PageRow[]) {
  const people = await travellersOf(
    ctx.db,
    page.map((r) => r.a.id),
  );
  return page.map((r) => toRow(r, people.get(r.a.id) ?? []));
}

export async function listApplications(
  ctx: ServiceContext,
  requested: ListFilters,
  page: number,
  sort: ListSort = NEWEST_FIRST,
) {
  const filters = await resolveFilters(ctx.db, requested);
  const [total, rows] = await Promise.all([
    countApplications(ctx.db, filters),
    pageOfApplications(
      ctx.db,
      filters,
      ADMIN_PAGE_SIZE,
      (page - 1) * ADMIN_PAGE_SIZE,
      undefined,
      sort,
    ),
  ]);
  return {
    applications: await rowsFor(ctx, rows),
    pagination: { page, limit: ADMIN_PAGE_SIZE, total, pages: Math.ceil(total / ADMIN_PAGE_SIZE) },
  };
}

export async function dashboard(ctx: ServiceContext): Promise<DashboardResponse> {
  const recent = await ctx.db
    .select({ a: applications, country: countries, visaTypeName: visaTypes.name, user: users })
    .from(applications)
    .innerJoin(countries, eq(countries.code, applications.countryCode))
    .innerJoin(visaTypes, eq(visaTypes.id, applications.visaTypeId))
    .leftJoin(users, eq(users.id, applications.userId))
    .orderBy(sql`${applications.updatedAt} desc nulls last`)
    .limit(10);
  // The totals kept by the database's trigger (no scan of the applications).
  const kept = await ctx.db.select().from(applicationCounts);
  const counts = Object.fromEntries(kept.map((r) => [r.status, Number(r.n)])) as Record<
    ApplicationStatus,
    number
  >;
  const [paid] = await ctx.db
    .select({
      today: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.succeededAt} >= date_trunc('day', now())), 0)::int`,
      last7: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.succeededAt} >= now() - interval '7 days'), 0)::int`,
      last30: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'succeeded'),
        gte(payments.succeededAt, sql`now() - interval '30 days'`),
      ),
    );
  return {
    applications: await rowsFor(ctx, recent),
    counts,
    paid: {
      todayCents: Number(paid?.today ?? 0),
      last7DaysCents: Number(paid?.last7 ?? 0),
      last30DaysCents: Number(paid?.last30 ?? 0),
    },
    operations: {
      paymentsAwaitingReconciliation: await countAwaitingReconciliation(ctx.db),
      failedEmails: await countFailedEmails(ctx.db),
    },
    lastUpdated: new Date().toISOString(),
  };
}

async function history(ctx: ServiceContext, applicationId: string): Promise<AuditEntry[]> {
  const rows = await ctx.db
    .select({ log: auditLog, email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(eq(auditLog.applicationId, applicationId))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return rows.map(({ log, email }) => ({
    id: log.id,
    at: log.createdAt.toISOString(),
    action: log.action,
    actor:
      email ??
      (log.actorRole === 'guest'
        ? 'Traveller (guest)'
        : log.actorRole === 'system'
          ? 'Waypoint'
          : log.actorRole),
    actorRole: log.actorRole,
    ip: log.ip,
    details: (log.details as Record<string, unknown> | null) ?? null,
  }));
}

export async function audit(
  ctx: ServiceContext,
  admin: Admin,
  action: string,
  applicationId: string | null,
  details: Record<string, unknown> | null = null,
) {
  await ctx.db.insert(auditLog).values({
    actorUserId: admin.user.id,
    actorRole: 'admin',
    action,
    entityType: applicationId ? 'application' : 'applications',
    entityId: applicationId,
    applicationId,
    details,
    ip: admin.ip,
    userAgent: admin.userAgent,
  });
}

async function loadApplication(ctx: ServiceContext, id: string) {
  const row = /^[0-9a-f-]{36}$/i.test(id)
    ? (await ctx.db.select().from(applications).where(eq(applications.id, id)))[0]
    : undefined;
  if (!row) throw notFound('No such application');
  return row;
}

export async function applicationForAdmin(
  ctx: ServiceContext,
  admin: Admin,
  id: string,
): Promise<AdminApplicationDetail> {
  const a = await loadApplication(ctx, id);
  // Viewing passport data is recorded before it is shown.
  await audit(ctx, admin, 'passport.viewed', a.id);
  const [account] = a.userId ? await ctx.db.select().from(users).where(eq(users.id, a.userId)) : [];
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(eq(payments.applicationId, a.id))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  const people = await ctx.db
    .select()
    .from(travelers)
    .where(eq(travelers.applicationId, a.id))
    .orderBy(asc(travelers.position));
  return {
    application: await applicationDetail(ctx, a),
    version: a.version,
    createdAt: a.createdAt.toISOString(),
    paidAt: a.paidAt?.toISOString() ?? null,
    account: account
      ? {
          id: account.id,
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
        }
      : null,
    payment: payment
      ? {
          amountCents: payment.amountCents,
          currency: payment.currency,
          provider: payment.provider,
          reference: payment.providerPaymentId,
          status: payment.status,
          succeededAt: payment.succeededAt?.toISOString() ?? null,
        }
      : null,
    passports: people.map((t) => ({
      travelerId: t.id,
      nationality: t.passportNationality,
      number: t.passportNumberEncrypted ? ctx.encryption.decrypt(t.passportNumberEncrypted) : null,
      expirationDate: t.passportExpirationDate,
      hasSecondNationality: t.hasSecondNationality,
      addLater: t.passportAddLater,
      dateOfBirth: t.dateOfBirth,
    })),
    history: await history(ctx, a.id),
    allowedTransitions: TRANSITIONS[a.status] ?? [],
  };
}

export async function auditTrail(ctx: ServiceContext, id: string) {
  return history(ctx, (await loadApplication(ctx, id)).id);
}

/**
 * Changes the status along the allowed transitions only, if nobody changed the application since the admin
 * loaded it (version), recording it and e-mailing the traveller in the same transaction.
 */
export async function decide(
  ctx: ServiceContext,
  admin: Admin,
  id: string,
  input: {
    status: 'UNDER_REVIEW' | 'APPROVED' | 'REJECTED';
    reason?: string | undefined;
    version: number;
  },
) {
  const current = await loadApplication(ctx, id);
  if (current.version !== input.version) throw conflict(AdminText.changedMeanwhile);
  if (!(TRANSITIONS[current.status] ?? []).includes(input.status)) {
    throw badRequest(
      AdminText.transitionNotAllowed(STATUS_LABEL[current.status], STATUS_LABEL[input.status]),
    );
  }
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(applications)
      .set({
        status: input.status,
        version: sql`${applications.version} + 1`,
        updatedAt: sql`now()`,
        ...(input.status === 'UNDER_REVIEW'
          ? {}
          : {
              decidedAt: sql`now()`,
              decisionReason: input.status === 'REJECTED' ? input.reason! : null,
            }),
      })
      .where(
        and(
          eq(applications.id, id),
          eq(applications.version, input.version),
          eq(applications.status, current.status),
        ),
      )
      .returning();
    if (!row) throw conflict(AdminText.changedMeanwhile);
    await tx.insert(auditLog).values({
      actorUserId: admin.user.id,
      actorRole: 'admin',
      action: 'application.status_changed',
      entityType: 'application',
      entityId: id,
      applicationId: id,
      details: {
        from: current.status,
        to: input.status,
        ...(input.reason ? { reason: input.reason } : {}),
      },
      ip: admin.ip,
      userAgent: admin.userAgent,
    });
    const [lead] = await tx
      .select()
      .from(travelers)
      .where(and(eq(travelers.applicationId, id), eq(travelers.position, 1)));
    await enqueueEmail(tx, row.guestEmail!, {
      template: 'status-change',
      payload: {
        firstName: lead?.firstName ?? null,
        reference: row.reference,
        status: STATUS_LABEL[input.status],
        reason: input.status === 'REJECTED' ? (input.reason ?? null) : null,
      },
    });
  });
  ctx.pokeOutbox();
  return applicationForAdmin(ctx, admin, id);
}

const EXPORT_BATCH = 1000;

/** Every application matching the filters as CSV, streamed in batches (keyset pages: any number of rows). */
export function exportCsv(ctx: ServiceContext, requested: ListFilters): PassThrough {
  const out = new PassThrough();
  const run = async () => {
    const filters = await resolveFilters(ctx.db, requested);
    out.write('\uFEFF');
    out.write(
      csvRow([
        'Reference',
        'Application ID',
        'Status',
        'Created (UTC)',
        'Submitted (UTC)',
        'Country',
        'Visa type',
        'Travellers',
        'Traveller names',
        'Applicant',
        'Email',
        'Amount (EUR)',
      ]),
    );
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const page = await pageOfApplications(ctx.db, filters, EXPORT_BATCH, 0, after);
      if (page.length === 0) break;
      for (const r of await rowsFor(ctx, page)) {
        const applicant = r.user
          ? [r.user.firstName, r.user.lastName].filter(Boolean).join(' ') || 'Guest'
          : 'Guest';
        out.write(
          csvRow([
            r.reference,
            r.id,
            r.status,
            r.createdAt,
            r.submittedAt ?? '',
            r.country.name,
            r.visaType.name,
            r.travelerCount,
            r.travelers.map((t) => `${t.firstName} ${t.lastName}`).join('; '),
            applicant,
            r.user?.email ?? r.guestEmail ?? '',
            formatCents(r.totalCents),
          ]),
        );
      }
      if (page.length < EXPORT_BATCH) break;
      const last = page[page.length - 1]!.a;
      after = { createdAt: last.createdAt, id: last.id };
      // Let the response drain before reading more.
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
    }
    out.end();
  };
  run().catch((err: unknown) => {
    ctx.log.error({ err }, 'CSV export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
