import {
  canStep,
  STATUS_LABEL,
  STATUS_MESSAGE_KEY,
  type ApplicationStatus,
  type AuditDetails,
  type ChangeSection,
  type ProductKind,
  type LifecycleActor,
} from '@waypoint/contracts';
import type { Tx } from '../../db/client';
import type { ApplicationRow, TravelerRow, UserRow } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import { badRequest, conflict } from '../../lib/errors';
import { recordAudit, type AuditActor, type AuditRecord } from '../audit/audit.repo';
import { publishApplicationEvent } from '../events/events.service';
import { queueEmail } from '../notifications/outbox.service';
import type { EmailMessage } from '../notifications/templates';
import * as repo from './applications.repo';
import { onLockedOrder } from './order-lock.service';
import { recipientFor, recipientOf } from './order-lookup.service';

/**
 * The one status machine of an application, along `LIFECYCLE` of libs/contracts: paying opens it (DRAFT →
 * IN_PROGRESS), the traveller submits it (IN_PROGRESS → SUBMITTED), staff review and decide it (SUBMITTED →
 * UNDER_REVIEW → APPROVED / REJECTED), and a refund in full closes it (→ REFUNDED; back where it was if the
 * provider refuses the refund). Every change goes through `changeStatus`: the allowed step for who takes it, the
 * optimistic version check, the typed audit entry, the traveller's e-mail and the live event for their open pages,
 * in one transaction.
 */
type Step = Pick<AuditDetails['application.paid'], 'from' | 'to'>;

/** A change asked of the traveller, as the status machine records and e-mails it. */
export interface RequestedChangeOf {
  travelerId: string | null;
  travelerName: string | null;
  section: ChangeSection;
  message: string;
}

/** An ETA or visa granted to a traveller, as the decision's e-mail states it. */
export interface GrantOf {
  travelerName: string;
  reference: string;
  validFrom: string;
  validUntil: string;
  passportLast4: string;
}

/**
 * What the paying transaction has read and decided before the order moves to IN_PROGRESS, so that the payment
 * confirmation is written without reading it again: the travellers, the names, the account the order now belongs
 * to, and the id to queue the confirmation under (the receipt issued after it writes its number into it).
 */
export interface PaidOrder {
  travelers: TravelerRow[];
  names: repo.OrderNames;
  owner: UserRow;
  confirmationEmailId: string;
}

/** A status change and what it records besides the step itself. */
export type StatusChange =
  /** The payment succeeded: what the provider reported, how the account was linked, and the order as read. */
  | {
      to: 'IN_PROGRESS';
      payment: Omit<AuditDetails['application.paid'], keyof Step>;
      order: PaidOrder;
    }
  /** The traveller submitted, confirming the declaration. */
  | { to: 'SUBMITTED'; declaration: AuditDetails['application.submitted']['declaration'] }
  /** Staff start the review. */
  | { to: 'UNDER_REVIEW' }
  /** Staff ask the traveller for changes, each with its message (and the traveller's name, for the e-mail). */
  | { to: 'CHANGES_REQUESTED'; changes: RequestedChangeOf[] }
  /** Staff submitted the application to the Home Office. */
  | { to: 'LODGED'; lodging: { reference: string; lodgedOn: string } }
  /** The government's outcome, recorded by staff: what was granted, or the reason of the refusal. */
  | { to: 'APPROVED'; grants: GrantOf[]; documentIds: string[] }
  | { to: 'REJECTED'; reason: string; documentIds: string[] }
  /** A refund in full was decided: the order is closed. */
  | { to: 'REFUNDED'; refundId: string }
  /** The provider refused the refund in full: the order goes back to the status it had. */
  | { to: ApplicationStatus; reopenedBy: string };

/** Who takes a step: the lifecycle allows each step to one of them only. */
function actorOfChange(change: StatusChange): LifecycleActor {
  if ('reopenedBy' in change || change.to === 'REFUNDED') return 'refund';
  if (change.to === 'IN_PROGRESS') return 'payment';
  if (change.to === 'SUBMITTED') return 'traveller';
  return 'staff';
}

/** The columns a change stamps besides the status. */
function stampsOf(change: StatusChange): repo.StatusStamps {
  if ('reopenedBy' in change) return { refundedAt: null };
  switch (change.to) {
    case 'IN_PROGRESS':
      return { paidAt: true as const };
    case 'SUBMITTED':
      return { submittedAt: true as const };
    case 'UNDER_REVIEW':
      return { reviewStartedAt: true as const };
    case 'LODGED':
      return { lodgedAt: true as const };
    case 'APPROVED':
      return { decidedAt: true as const, decisionReason: null };
    case 'REJECTED':
      return { decidedAt: true as const, decisionReason: change.reason };
    case 'REFUNDED':
      return { refundedAt: true as const };
    default:
      return {};
  }
}

/** The audit entry of a change (its action comes from the audit catalogue). */
function auditOf(
  application: ApplicationRow,
  change: StatusChange,
  from: ApplicationStatus,
  actor: AuditActor,
): AuditRecord {
  const about = { actor, entityId: application.id, applicationId: application.id };
  if (!('reopenedBy' in change)) {
    switch (change.to) {
      case 'IN_PROGRESS':
        return {
          ...about,
          action: 'application.paid',
          details: { from, to: change.to, ...change.payment },
        };
      case 'SUBMITTED':
        return {
          ...about,
          action: 'application.submitted',
          details: { from, to: change.to, declaration: change.declaration },
        };
      case 'CHANGES_REQUESTED':
        return {
          ...about,
          action: 'application.changes_requested',
          details: {
            from,
            to: change.to,
            changes: change.changes.map(({ travelerId, section, message }) => ({
              travelerId,
              section,
              message,
            })),
          },
        };
      case 'LODGED':
        return {
          ...about,
          action: 'application.lodged',
          details: { from, to: change.to, ...change.lodging },
        };
      case 'APPROVED':
        return {
          ...about,
          action: 'application.outcome_recorded',
          details: {
            from,
            to: change.to,
            references: change.grants.map((g) => g.reference),
            documents: change.documentIds.length,
          },
        };
      case 'REJECTED':
        return {
          ...about,
          action: 'application.outcome_recorded',
          details: {
            from,
            to: change.to,
            references: [],
            reason: change.reason,
            documents: change.documentIds.length,
          },
        };
    }
  }
  // Review steps, and a refund's steps (its own entries, refund.requested and refund.failed, say which refund).
  return { ...about, action: 'application.status_changed', details: { from, to: change.to } };
}

/**
 * The e-mail that tells the traveller: the payment confirmation, or the new status; none for the steps of a refund
 * in full, whose own e-mail tells them once the money is on its way back.
 */
async function emailOf(
  tx: Tx,
  application: ApplicationRow,
  change: StatusChange,
): Promise<EmailMessage | null> {
  if ('reopenedBy' in change || change.to === 'REFUNDED') return null;
  if ('payment' in change) {
    const { travelers: people, names } = change.order;
    return {
      template: 'payment-confirmation',
      payload: {
        firstName: people[0]?.firstName ?? null,
        applicationId: application.id,
        reference: application.reference,
        visaTypeName: names.visaTypeName,
        travelers: people.map((t) => `${t.firstName} ${t.lastName}`),
        totalCents: application.totalCents,
        processingName: names.processingName,
        processingHours: names.processingHours,
        // The receipt issued next in the same transaction writes its number in here; the e-mail says so, and the
        // worker attaches the receipt when it sends.
        receiptNumber: null,
      },
    };
  }
  const people = await repo.travelersOf(tx, application.id);
  const firstName = people[0]?.firstName ?? null;
  const about = { firstName, applicationId: application.id, reference: application.reference };
  switch (change.to) {
    case 'CHANGES_REQUESTED':
      return {
        template: 'changes-requested',
        payload: {
          ...about,
          changes: change.changes.map(({ section, travelerName, message }) => ({
            section,
            travelerName,
            message,
          })),
        },
      };
    case 'LODGED':
      return {
        template: 'lodged',
        payload: {
          ...about,
          productKind: await productKindOf(tx, application),
          homeOfficeReference: change.lodging.reference,
          lodgedOn: change.lodging.lodgedOn,
        },
      };
    case 'APPROVED':
    case 'REJECTED':
      return {
        template: 'decision',
        payload: {
          ...about,
          productKind: await productKindOf(tx, application),
          outcome: change.to,
          reason: change.to === 'REJECTED' ? change.reason : null,
          grants: change.to === 'APPROVED' ? change.grants : [],
          documentIds: change.documentIds,
        },
      };
  }
  return {
    template: 'status-change',
    payload: {
      firstName,
      reference: application.reference,
      status: STATUS_LABEL[change.to],
      reason: null,
    },
  };
}

const productKindOf = async (tx: Tx, application: ApplicationRow): Promise<ProductKind> =>
  (await repo.namesOf(tx, application)).visaKind;

async function apply(
  tx: Tx,
  application: ApplicationRow,
  version: number,
  change: StatusChange,
  actor: AuditActor,
): Promise<ApplicationRow> {
  const from = application.status;
  const row = await repo.updateStatus(tx, {
    id: application.id,
    from,
    to: change.to,
    version,
    stamps: stampsOf(change),
  });
  // Someone else changed it first (another decision, a second submit).
  if (!row) {
    throw conflict(change.to === 'SUBMITTED' ? 'postPayment.readOnly' : 'admin.changedMeanwhile');
  }
  await recordAudit(tx, auditOf(row, change, from, actor));
  // Nothing is sent about a person whose data were erased with their account.
  const email = row.personalDataErasedAt ? null : await emailOf(tx, row, change);
  if (email) {
    const paid = 'payment' in change ? change.order : null;
    const recipient = paid
      ? recipientFor(row, paid.owner)
      : await recipientOf({ db: tx, input: { application: row } });
    if (recipient.address) {
      await queueEmail({
        tx,
        input: {
          to: recipient.address,
          message: email,
          locale: recipient.locale,
          ...(paid ? { id: paid.confirmationEmailId } : {}),
        },
      });
    }
  }
  // Delivered to the owner's open pages once the transaction commits.
  await publishApplicationEvent({
    tx,
    input: {
      applicationId: row.id,
      event: { type: 'status', applicationId: row.id, status: row.status },
    },
  });
  return row;
}

/**
 * Moves an application to its next status. `application` is the row as the actor saw it (its status is where the
 * change starts) and `version` the version they saw (by default the row's): a change to an application changed
 * meanwhile is refused with 409. With `tx` the change joins the caller's transaction, which holds the order's lock
 * (`onLockedOrder`; the caller's commit wakes the e-mail worker); otherwise it takes the lock in its own.
 */
export async function changeStatus({
  ctx,
  input,
  tx,
}: {
  ctx: ServiceContext;
  input: {
    application: ApplicationRow;
    change: StatusChange;
    actor: AuditActor;
    version?: number;
  };
  tx?: Tx;
}): Promise<ApplicationRow> {
  const { change, actor } = input;
  const step = (application: ApplicationRow, t: Tx) => {
    const version = input.version ?? input.application.version;
    if (version !== application.version) throw conflict('admin.changedMeanwhile');
    if (!canStep(application.status, change.to, actorOfChange(change))) {
      throw badRequest({
        key: 'admin.transitionNotAllowed',
        params: {
          fromKey: STATUS_MESSAGE_KEY[application.status],
          toKey: STATUS_MESSAGE_KEY[change.to],
        },
      });
    }
    return apply(t, application, version, change, actor);
  };
  if (tx) return step(input.application, tx);
  return onLockedOrder(ctx, input.application.id, (order, t) => step(order, t));
}
