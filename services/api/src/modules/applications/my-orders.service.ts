import {
  ageGroups,
  Currency,
  formatAgeGroups,
  MyApplicationsResponse,
  MyDraftResponse,
  orderTimeline,
  resumePath,
  viewPath,
  type OrderRefund,
  type OrderSummary,
  type PageQueries,
} from '@waypoint/contracts';
import type { ServiceContext } from '../../lib/context';
import * as repo from './applications.repo';
import { myDraftSummary } from './drafts.service';
import { caseworkOf } from './application-detail.service';
import {
  creditNotesOf,
  creditNoteSummaries,
  receiptsOf,
  receiptSummary,
} from '../receipts/receipts.service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The statuses whose casework My orders shows: the changes to make, the outcome. */
const CASEWORK_SHOWN: ReadonlySet<string> = new Set(['CHANGES_REQUESTED', 'APPROVED', 'REJECTED']);

/** The most orders My orders lists. */
const LIST_LIMIT = 500;

/** The money given back on each of several orders (succeeded refunds, oldest first). */
async function refundsOfOrders(
  ctx: ServiceContext,
  applicationIds: string[],
): Promise<Map<string, OrderRefund[]>> {
  const rows = await repo.succeededRefundsOf(ctx.db, applicationIds);
  const byOrder = new Map<string, OrderRefund[]>();
  for (const r of rows) {
    const list = byOrder.get(r.applicationId) ?? [];
    list.push({
      kind: r.kind,
      amountCents: r.amountCents,
      refundedAt: (r.settledAt ?? r.createdAt).toISOString(),
    });
    byOrder.set(r.applicationId, list);
  }
  return byOrder;
}

/** The signed-in traveller's orders, newest first. */
export async function listMyApplications({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { userId: string };
}): Promise<OrderSummary[]> {
  const rows = await repo.ordersOfUser(ctx.db, input.userId, LIST_LIMIT);
  // Dates of birth per order, for '2 adults, 1 child' (ages on the arrival date, or today).
  const births = new Map<string, string[]>();
  const people = await repo.birthDatesOf(
    ctx.db,
    rows.map(({ a }) => a.id),
  );
  for (const person of people)
    births.set(person.applicationId, [
      ...(births.get(person.applicationId) ?? []),
      person.dateOfBirth,
    ]);
  const refunds = await refundsOfOrders(
    ctx,
    rows.map(({ a }) => a.id),
  );
  const receipts = new Map(
    (await receiptsOf({ db: ctx.db, input: { applicationIds: rows.map(({ a }) => a.id) } })).map(
      (r) => [r.applicationId, r],
    ),
  );
  const creditNotes = await creditNotesOf({
    db: ctx.db,
    input: { applicationIds: rows.map(({ a }) => a.id) },
  });
  // The casework of the orders where the traveller has something to read or do (a few queries each).
  const casework = new Map(
    await Promise.all(
      rows
        .filter(({ a }) => CASEWORK_SHOWN.has(a.status))
        .map(async ({ a }) => [a.id, await caseworkOf(ctx, a)] as const),
    ),
  );
  return rows.map(({ a, visaType, visaKind, country }) => {
    const groups = ageGroups(births.get(a.id) ?? [], a.arrivalDate);
    const work = casework.get(a.id);
    const orderRefunds = refunds.get(a.id) ?? [];
    return {
      id: a.id,
      reference: a.reference,
      status: a.status,
      createdAt: a.createdAt.toISOString(),
      paidAt: iso(a.paidAt),
      submittedAt: iso(a.submittedAt),
      decidedAt: iso(a.decidedAt),
      timeline: orderTimeline({
        status: a.status,
        paidAt: iso(a.paidAt),
        submittedAt: iso(a.submittedAt),
        reviewStartedAt: iso(a.reviewStartedAt),
        lodgedAt: iso(a.lodgedAt),
        decidedAt: iso(a.decidedAt),
        refundedAt: iso(a.refundedAt),
      }),
      decisionReason: a.status === 'REJECTED' ? a.decisionReason : null,
      totalCents: a.totalCents,
      currency: Currency.parse(a.currency),
      travelerCount: a.travelerCount,
      travelerSummary: formatAgeGroups(groups),
      travelerGroups: groups,
      visaType,
      country: { id: country.code, name: country.name, flagEmoji: country.flagEmoji },
      resumePath: resumePath(a.status, a.id),
      viewPath: viewPath(a.status, a.id),
      refunds: orderRefunds,
      receipt: receiptSummary(receipts.get(a.id)),
      creditNotes: creditNoteSummaries(
        creditNotes.filter((note) => note.applicationId === a.id),
        'owner',
      ),
      productKind: visaKind,
      travelers: people
        .filter((p) => p.applicationId === a.id)
        .map((p) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName })),
      changeRequest: a.status === 'CHANGES_REQUESTED' ? (work?.changeRequest ?? null) : null,
      lodging:
        a.homeOfficeReference && a.lodgedOn
          ? { reference: a.homeOfficeReference, lodgedOn: a.lodgedOn }
          : null,
      outcome: work?.outcome ?? null,
    };
  });
}

/**
 * What My orders, rendered on the server for its traveller, shows and carries in the page: the same values as
 * `GET /api/applications/my-applications` and the `draft` of `GET /api/applications/my-draft` reply, read through
 * their schemas, so the page holds nothing those replies would not.
 */
export async function ordersPageQueries({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { userId: string };
}): Promise<PageQueries> {
  const [orders, draft] = await Promise.all([
    listMyApplications({ ctx, input }),
    myDraftSummary({ ctx, input }),
  ]);
  return {
    getMyApplications: MyApplicationsResponse.parse(orders),
    getMyDraft: MyDraftResponse.parse({ draft }).draft,
  };
}
