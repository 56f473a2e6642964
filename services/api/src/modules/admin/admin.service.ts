import { PassThrough } from 'node:stream';
import {
  ADMIN_PAGE_SIZE,
  CURRENCY,
  formatCents,
  TRANSITIONS,
  type AdminApplicationDetail,
  type AdminApplicationRow,
  type AuditEntry,
  type DashboardResponse,
  type DecisionStep,
} from '@waypoint/contracts';
import type { ApplicationRow, UserRow } from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import { actorOf, historyOf, recordAudit } from '../audit/audit.repo';
import { applicationDetail } from '../applications/application-detail.service';
import { findOrder, ownerOf, travelersOf } from '../applications/order-lookup.service';
import {
  creditNotesOf,
  creditNoteSummaries,
  receiptOf,
  receiptSummary,
} from '../receipts/receipts.service';
import { changeStatus } from '../applications/status.service';
import {
  changeReviewOf,
  lodge,
  lodgedByOf,
  recordOutcome,
  requestChanges,
} from '../applications/casework.service';
import { failedEmailCount } from '../notifications/failed-emails.service';
import { failedJobCount } from '../jobs/failed-jobs.service';
import { paymentsAwaitingReconciliation } from '../payments/payments.service';
import { onLockedOrder } from '../applications/order-lock.service';
import { refundsForAdmin } from '../refunds/refunds.service';
import {
  countApplications,
  latestPaymentOf,
  NEWEST_FIRST,
  pageOfApplications,
  paidTotals,
  refundedTotals,
  recentlyUpdated,
  resolveFilters,
  statusCounts,
  travellersOf,
  type ListFilters,
  type ListSort,
} from './admin.repo';
import { csvRow } from './csv';
import { assigneesOf, dueOf, notesOf, queueCounts, withNoteBodies } from './staff-work';

/** What a staff verb receives: its input, the member of staff (the staff scope checked the role) and the request. */
export interface StaffVerb<Input> {
  ctx: ServiceContext;
  input: Input;
  staff: UserRow;
  caller: Caller;
}

type PageRow = Awaited<ReturnType<typeof pageOfApplications>>[number];

function toRow(
  r: PageRow,
  people: { firstName: string; lastName: string }[],
  assignees: Awaited<ReturnType<typeof assigneesOf>>,
  now: Date,
): AdminApplicationRow {
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
    due: dueOf(r.a, now),
    assignee: r.a.assigneeId ? (assignees.get(r.a.assigneeId) ?? null) : null,
  };
}

async function rowsFor(ctx: ServiceContext, page: PageRow[]) {
  const people = await travellersOf(
    ctx.db,
    page.map((r) => r.a.id),
  );
  const assignees = await assigneesOf(
    ctx.db,
    page.map((r) => r.a.assigneeId),
  );
  const now = new Date();
  return page.map((r) => toRow(r, people.get(r.a.id) ?? [], assignees, now));
}

export async function listApplications({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { filters: ListFilters; page: number; sort?: ListSort };
}) {
  const { page, sort = NEWEST_FIRST } = input;
  const filters = await resolveFilters(ctx.db, input.filters);
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

export async function dashboard({
  ctx,
  staff,
}: {
  ctx: ServiceContext;
  staff: UserRow;
}): Promise<DashboardResponse> {
  // Independent reads, asked at once (each on its own pooled connection where the database has several).
  const [queue, applications, counts, paid, refunded, awaiting, failedEmails, failedJobs] =
    await Promise.all([
      queueCounts(ctx.db, staff.id),
      recentlyUpdated(ctx.db, 10).then((rows) => rowsFor(ctx, rows)),
      statusCounts(ctx.db),
      paidTotals(ctx.db),
      refundedTotals(ctx.db),
      paymentsAwaitingReconciliation({ ctx }),
      failedEmailCount({ ctx }),
      failedJobCount({ ctx }),
    ]);
  return {
    queue,
    applications,
    counts,
    paid,
    refunded,
    operations: { paymentsAwaitingReconciliation: awaiting, failedEmails, failedJobs },
    lastUpdated: new Date().toISOString(),
  };
}

async function history(ctx: ServiceContext, applicationId: string): Promise<AuditEntry[]> {
  const rows = await historyOf(ctx.db, applicationId);
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

async function loadApplication(ctx: ServiceContext, id: string): Promise<ApplicationRow> {
  const row = await findOrder({ db: ctx.db, input: { id } });
  if (!row) throw notFound('application.notFound');
  return row;
}

/** An application with payment, passport data and history; the view of passport data is audited first. */
export async function applicationForAdmin({
  ctx,
  input,
  staff,
  caller,
}: StaffVerb<{ id: string }>): Promise<AdminApplicationDetail> {
  const a = await loadApplication(ctx, input.id);
  // Viewing passport data is recorded before it is shown.
  await recordAudit(ctx.db, {
    action: 'passport.viewed',
    actor: actorOf(staff, caller),
    entityId: a.id,
    applicationId: a.id,
  });
  const account = await ownerOf({ db: ctx.db, input: { application: a } });
  const payment = await latestPaymentOf(ctx.db, a.id);
  const people = await travelersOf({ db: ctx.db, input: { applicationId: a.id } });
  const detail = await applicationDetail({ ctx, input: { application: a } });
  const notes = await notesOf(ctx.db, a.id);
  const assignee = a.assigneeId
    ? (await assigneesOf(ctx.db, [a.assigneeId])).get(a.assigneeId)
    : null;
  return {
    due: dueOf(a),
    assignee: assignee ?? null,
    notes,
    application: detail,
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
    history: withNoteBodies(await history(ctx, a.id), notes),
    changeReview: await changeReviewOf(ctx, a, detail),
    lodgedBy: a.lodgedBy ? await lodgedByOf(ctx, a.lodgedBy) : null,
    ...(await refundsForAdmin({ ctx, input: { application: a } })),
    // An order whose travellers' data were erased with the account can no longer be decided.
    allowedTransitions: a.personalDataErasedAt ? [] : (TRANSITIONS[a.status] ?? []),
    erasure: {
      documentsErasedAt: a.documentsErasedAt?.toISOString() ?? null,
      documentsErasedBy: a.documentsErasedBy ?? null,
      personalDataErasedAt: a.personalDataErasedAt?.toISOString() ?? null,
    },
    receipt: receiptSummary(await receiptOf({ db: ctx.db, input: { applicationId: a.id } })),
    creditNotes: creditNoteSummaries(
      await creditNotesOf({ db: ctx.db, input: { applicationIds: [a.id] } }),
      'staff',
    ),
  };
}

export async function auditTrail({ ctx, input }: { ctx: ServiceContext; input: { id: string } }) {
  return history(ctx, (await loadApplication(ctx, input.id)).id);
}

/**
 * A staff step of casework, through the status machine: start the review, ask for changes, lodge with the Home
 * Office, record the government's outcome. Each is checked on the order as it is once locked (a refund or an
 * erasure that came first is seen), refused if anybody changed the application since the member of staff loaded it
 * (version), and audited and e-mailed to the traveller in the same transaction.
 */
export async function decide({
  ctx,
  input,
  staff,
  caller,
}: StaffVerb<DecisionStep & { id: string }>) {
  const application = await loadApplication(ctx, input.id);
  await onLockedOrder(ctx, application.id, async (order, tx, inTx) => {
    if (order.personalDataErasedAt) throw conflict('admin.personalDataErased');
    if (order.status === 'REFUNDED') throw conflict('admin.refundedInFull');
    const step = { order, version: input.version, actor: actorOf(staff, caller) };
    switch (input.status) {
      case 'UNDER_REVIEW':
        await changeStatus({
          ctx: inTx,
          tx,
          input: {
            application: order,
            version: input.version,
            actor: step.actor,
            change: { to: 'UNDER_REVIEW' },
          },
        });
        return;
      case 'CHANGES_REQUESTED':
        await requestChanges({ ctx: inTx, tx, input: { ...step, changes: input.changes, staff } });
        return;
      case 'LODGED':
        await lodge({
          ctx: inTx,
          tx,
          input: {
            ...step,
            homeOfficeReference: input.homeOfficeReference,
            lodgedOn: input.lodgedOn,
            staff,
          },
        });
        return;
      case 'APPROVED':
        await recordOutcome({ ctx: inTx, tx, input: { ...step, outcome: input } });
        return;
      case 'REJECTED':
        await recordOutcome({ ctx: inTx, tx, input: { ...step, outcome: input } });
        return;
    }
  });
  return applicationForAdmin({ ctx, input: { id: input.id }, staff, caller });
}

const EXPORT_BATCH = 1000;

/** Every application matching the filters as CSV, streamed in batches (keyset pages: any number of rows). */
function exportCsv(ctx: ServiceContext, requested: ListFilters): PassThrough {
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
        `Amount (${CURRENCY})`,
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

/** Every application matching the filters as CSV, newest first; the export is audited before it starts. */
export async function exportApplications({
  ctx,
  input,
  staff,
  caller,
}: StaffVerb<{ filters: ListFilters }>): Promise<PassThrough> {
  // The filters as staff chose them (who asked is the entry's actor).
  const { staffId: _staffId, ...filters } = input.filters;
  await recordAudit(ctx.db, {
    action: 'applications.exported',
    actor: actorOf(staff, caller),
    entityId: null,
    details: { filters },
  });
  return exportCsv(ctx, input.filters);
}
