import {
  apiMessage,
  changeKey,
  changesLeft,
  DOCUMENT_CHANGE_SECTIONS,
  ErrorCode,
  homeOfficeReferenceIssue,
  messageList,
  todayIso,
  type AdminApplicationDetail,
  type ApiMessageRef,
  type ApplicationDetail,
  type ChangeSection,
  type DocumentSummary,
  type GrantBody,
  type RequestedChange,
  type TravelerDetail,
} from '@waypoint/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import type { ApplicationRow, UserRow } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import { AppError, conflict, validationFailed } from '../../lib/errors';
import { isStaff } from '../../lib/roles';
import type { AuditActor } from '../audit/audit.repo';
import * as repo from './applications.repo';
import { applicationDetail, toDocumentSummary } from './application-detail.service';
import * as casework from './casework.repo';
import { changeStatus } from './status.service';

/**
 * Casework after submission, on the one status machine: staff ask for changes (UNDER_REVIEW →
 * CHANGES_REQUESTED) and the traveller makes them and resubmits; staff lodge the application with the Home Office
 * (→ LODGED) and record the government's outcome (→ APPROVED with a grant per traveller, or REJECTED). Each step
 * runs in the caller's transaction, which holds the order's lock.
 */

type ChangeTarget = { travelerId: string | null; section: ChangeSection };

/** The fields of a section as staff compare them, before and after a change (values as text). */
export function sectionFields(
  detail: ApplicationDetail,
  target: ChangeTarget,
): Record<string, string | null> {
  const yesNo = (v: boolean | null | undefined) =>
    v === null || v === undefined ? null : v ? 'yes' : 'no';
  if (target.section === 'general-info') {
    const g = detail.generalInfo;
    return {
      phone: `${g.countryCode} ${g.phoneNumber}`.trim() || null,
      notificationPreference: g.notificationPreference,
    };
  }
  const t = detail.travelers.find((x) => x.id === target.travelerId);
  if (!t) return {};
  switch (target.section) {
    case 'personal-information':
      return { ...t.personal };
    case 'passport-information':
      return {
        issuingCountry: t.passportInfo.issuingCountry,
        nationality: t.passport?.nationality ?? null,
        passportNumber: t.passport?.number ?? null,
        expirationDate: t.passport?.expirationDate ?? null,
        hasSecondNationality: yesNo(t.passport?.hasSecondNationality),
      };
    case 'work':
      return { currentlyWorking: yesNo(t.work.currentlyWorking), jobTitle: t.work.jobTitle };
    case 'declaration':
      return {
        hasConvictions: yesNo(t.declaration.hasConvictions),
        convictionDetails: t.declaration.convictionDetails,
        hasTerroristActivities: yesNo(t.declaration.hasTerroristActivities),
      };
    default:
      return {};
  }
}

/** The document a flagged document section shows now. */
function documentOf(t: TravelerDetail | undefined, section: ChangeSection): DocumentSummary | null {
  if (!t) return null;
  if (section === 'passport-page') return t.passportPage;
  if (section === 'applicants-photo') return t.photo;
  return null;
}

const nameOf = (t: { firstName: string; lastName: string }) => `${t.firstName} ${t.lastName}`;

/** Staff ask the traveller to change sections and documents of an application under review. */
export async function requestChanges({
  ctx,
  tx,
  input,
}: {
  /** The context of the transaction (its database is `tx`). */
  ctx: ServiceContext;
  tx: Tx;
  input: {
    order: ApplicationRow;
    version: number;
    changes: z.output<typeof RequestedChange>[];
    staff: UserRow;
    actor: AuditActor;
  };
}): Promise<void> {
  const { order, changes } = input;
  const detail = await applicationDetail({ ctx, input: { application: order } });
  const travelers = new Map(detail.travelers.map((t) => [t.id, t]));
  const unknown = changes.findIndex((c) => c.travelerId !== null && !travelers.has(c.travelerId));
  if (unknown >= 0)
    throw validationFailed('postPayment.unknownTraveler', {
      [`changes.${unknown}.travelerId`]: 'postPayment.unknownTraveler',
    });
  const items = changes.map((c) => {
    const traveler = c.travelerId ? travelers.get(c.travelerId) : undefined;
    const fields = sectionFields(detail, c);
    return {
      travelerId: c.travelerId,
      section: c.section,
      message: c.message,
      beforeEncrypted: DOCUMENT_CHANGE_SECTIONS.includes(c.section)
        ? null
        : ctx.encryption.encrypt(JSON.stringify(fields)),
      beforeDocumentId: documentOf(traveler, c.section)?.id ?? null,
    };
  });
  await changeStatus({
    ctx,
    tx,
    input: {
      application: order,
      version: input.version,
      actor: input.actor,
      change: {
        to: 'CHANGES_REQUESTED',
        changes: changes.map((c) => {
          const traveler = c.travelerId ? travelers.get(c.travelerId) : undefined;
          return { ...c, travelerName: traveler ? nameOf(traveler) : null };
        }),
      },
    },
  });
  await casework.insertChangeRequest(tx, {
    applicationId: order.id,
    requestedBy: input.staff.id,
    items,
  });
}

/** Staff record that the application was submitted to the Home Office, under which reference and when. */
export async function lodge({
  ctx,
  tx,
  input,
}: {
  ctx: ServiceContext;
  tx: Tx;
  input: {
    order: ApplicationRow;
    version: number;
    homeOfficeReference: string;
    lodgedOn: string;
    staff: UserRow;
    actor: AuditActor;
  };
}): Promise<void> {
  const { order } = input;
  // The step first (refused with its own message for an order not under review); what it records is checked
  // next, in the same transaction, so a refusal leaves nothing behind.
  await changeStatus({
    ctx,
    tx,
    input: {
      application: order,
      version: input.version,
      actor: input.actor,
      change: {
        to: 'LODGED',
        lodging: { reference: input.homeOfficeReference, lodgedOn: input.lodgedOn },
      },
    },
  });
  const kind = (await repo.namesOf(tx, order)).visaKind;
  const issue = homeOfficeReferenceIssue(kind, input.homeOfficeReference);
  if (issue) throw validationFailed(issue, { homeOfficeReference: issue });
  if (input.lodgedOn > todayIso())
    throw validationFailed('casework.lodgedOnFuture', { lodgedOn: 'casework.lodgedOnFuture' });
  if (order.paidAt && input.lodgedOn < todayIso(order.paidAt))
    throw validationFailed('casework.lodgedOnBeforePaid', {
      lodgedOn: 'casework.lodgedOnBeforePaid',
    });
  await casework.recordLodging(tx, {
    applicationId: order.id,
    reference: input.homeOfficeReference,
    lodgedOn: input.lodgedOn,
    by: input.staff.id,
  });
}

/** The decision documents given, each uploaded for this order (and this traveller, for a grant). */
async function checkDocuments(
  tx: Tx,
  order: ApplicationRow,
  wanted: { documentId: string; travelerId: string | null; field: string }[],
): Promise<void> {
  const docs = new Map((await casework.decisionDocumentsOf(tx, order.id)).map((d) => [d.id, d]));
  const bad = wanted.filter(({ documentId, travelerId }) => {
    const doc = docs.get(documentId);
    return !doc || (travelerId !== null && doc.travelerId !== travelerId);
  });
  if (bad.length)
    throw validationFailed(
      'casework.unknownDocument',
      Object.fromEntries(bad.map((b) => [b.field, 'casework.unknownDocument'])),
    );
}

/** Staff record the government's outcome of a lodged application. */
export async function recordOutcome({
  ctx,
  tx,
  input,
}: {
  ctx: ServiceContext;
  tx: Tx;
  input: {
    order: ApplicationRow;
    version: number;
    outcome:
      | { status: 'APPROVED'; grants: z.output<typeof GrantBody>[] }
      | { status: 'REJECTED'; reason: string; documentId?: string | undefined };
    actor: AuditActor;
  };
}): Promise<void> {
  const { order, outcome } = input;
  const step = { application: order, version: input.version, actor: input.actor };
  if (order.status !== 'LODGED') {
    // Refused by the status machine with the step's own message.
    await changeStatus({
      ctx,
      tx,
      input: {
        ...step,
        change:
          outcome.status === 'APPROVED'
            ? { to: 'APPROVED', grants: [], documentIds: [] }
            : { to: 'REJECTED', reason: outcome.reason, documentIds: [] },
      },
    });
    return;
  }
  if (outcome.status === 'REJECTED') {
    const documentIds = outcome.documentId ? [outcome.documentId] : [];
    await checkDocuments(
      tx,
      order,
      documentIds.map((documentId) => ({ documentId, travelerId: null, field: 'documentId' })),
    );
    await casework.acceptDecisionDocuments(tx, documentIds);
    await changeStatus({
      ctx,
      tx,
      input: { ...step, change: { to: 'REJECTED', reason: outcome.reason, documentIds } },
    });
    return;
  }
  const people = await repo.travelersOf(tx, order.id);
  const grants = outcome.grants;
  const covered = new Set(grants.map((g) => g.travelerId));
  if (
    covered.size !== grants.length ||
    people.some((t) => !covered.has(t.id)) ||
    covered.size !== people.length
  )
    throw validationFailed('casework.grantEveryTraveler', {
      grants: 'casework.grantEveryTraveler',
    });
  const byId = new Map(people.map((t) => [t.id, t]));
  const mismatched = grants.findIndex((g) => {
    const t = byId.get(g.travelerId)!;
    const number = t.passportNumberEncrypted
      ? ctx.encryption.decrypt(t.passportNumberEncrypted)
      : null;
    return number !== null && !number.toUpperCase().endsWith(g.passportLast4);
  });
  if (mismatched >= 0)
    throw validationFailed('casework.passportEndingMismatch', {
      [`grants.${mismatched}.passportLast4`]: 'casework.passportEndingMismatch',
    });
  await checkDocuments(
    tx,
    order,
    grants.map((g, i) => ({
      documentId: g.documentId,
      travelerId: g.travelerId,
      field: `grants.${i}.documentId`,
    })),
  );
  const kind = (await repo.namesOf(tx, order)).visaKind;
  const documentIds = grants.map((g) => g.documentId);
  await changeStatus({
    ctx,
    tx,
    input: {
      ...step,
      change: {
        to: 'APPROVED',
        documentIds,
        grants: grants.map((g) => ({
          travelerName: nameOf(byId.get(g.travelerId)!),
          reference: g.reference,
          validFrom: g.validFrom,
          validUntil: g.validUntil,
          passportLast4: g.passportLast4,
        })),
      },
    },
  });
  await casework.acceptDecisionDocuments(tx, documentIds);
  await casework.insertGrants(
    tx,
    grants.map((g) => ({
      applicationId: order.id,
      travelerId: g.travelerId,
      kind,
      reference: g.reference,
      validFrom: g.validFrom,
      validUntil: g.validUntil,
      passportLast4: g.passportLast4,
      documentId: g.documentId,
    })),
  );
}

// The traveller's side

/**
 * Whether the traveller may change this part of the order now: while changes are requested, only what staff
 * flagged (staff may correct anything). Call under the order's lock, after `assertEditable`.
 */
export async function assertChangeAllowed(
  tx: Tx,
  order: ApplicationRow,
  user: UserRow | null,
  target: ChangeTarget,
): Promise<void> {
  if (order.status !== 'CHANGES_REQUESTED' || isStaff(user?.role)) return;
  const latest = await casework.latestChangeRequest(tx, order.id);
  const flagged = latest?.items.some((i) => changeKey(i) === changeKey(target));
  if (!latest || latest.request.resubmittedAt || !flagged) throw conflict('casework.notFlagged');
}

/** Marks a flagged part changed (saved, or a new document accepted), in the saving transaction. */
export async function markChanged(
  tx: Tx,
  order: ApplicationRow,
  target: ChangeTarget,
): Promise<void> {
  if (order.status !== 'CHANGES_REQUESTED') return;
  await casework.resolveChangeItem(tx, { applicationId: order.id, ...target });
}

/** What a traveller must still change before resubmitting, as catalog messages (empty when nothing). */
export function changesLeftRefs(detail: ApplicationDetail): ApiMessageRef[] {
  return changesLeft(detail.changeRequest).map((item) => {
    const traveler = detail.travelers.find((t) => t.id === item.travelerId);
    const section = { key: `missing.${SECTION_MISSING_KEY[item.section]}` } as ApiMessageRef;
    return traveler
      ? {
          key: 'application.missingTravelerItem',
          params: { number: traveler.position, name: nameOf(traveler), itemKey: section.key },
        }
      : section;
  });
}

/** The `missing.*` message naming each section. */
const SECTION_MISSING_KEY: Record<ChangeSection, string> = {
  'general-info': 'generalInformation',
  'passport-page': 'passportPage',
  'applicants-photo': 'photo',
  'personal-information': 'personalInformation',
  'passport-information': 'passportInformation',
  work: 'work',
  declaration: 'declaration',
};

/** Refuses a resubmission while changes are left, naming them. */
export function assertChangesMade(detail: ApplicationDetail): void {
  const left = changesLeftRefs(detail);
  if (left.length === 0) return;
  const list = messageList(left);
  throw new AppError(
    ErrorCode.INCOMPLETE,
    { key: 'casework.changesLeft', params: { itemKeys: list } },
    { fieldErrors: { missing: { key: 'casework.changesLeft', params: { itemKeys: list } } } },
  );
}

/** Closes the open request once the traveller resubmitted (in the submitting transaction). */
export const closeChangeRequest = (tx: Tx, order: ApplicationRow) =>
  casework.closeChangeRequest(tx, order.id);

// What the detail shows

/** The latest request for changes with what changed since, for staff. */
export async function changeReviewOf(
  ctx: ServiceContext,
  application: ApplicationRow,
  detail: ApplicationDetail,
): Promise<AdminApplicationDetail['changeReview']> {
  const latest = await casework.latestChangeRequest(ctx.db, application.id);
  if (!latest) return null;
  const docs = await repo.documentsOf(ctx.db, application.id);
  const summary = (id: string | null) => {
    const doc = id ? docs.find((d) => d.id === id) : undefined;
    return doc ? toDocumentSummary(application.id, doc) : null;
  };
  return {
    requestedAt: latest.request.requestedAt.toISOString(),
    requestedBy: latest.by ?? apiMessage('casework.formerStaff'),
    resubmittedAt: latest.request.resubmittedAt?.toISOString() ?? null,
    items: latest.items.map((i) => {
      const before = i.beforeEncrypted
        ? (JSON.parse(ctx.encryption.decrypt(i.beforeEncrypted)) as Record<string, string | null>)
        : {};
      const now = sectionFields(detail, i);
      const traveler = detail.travelers.find((t) => t.id === i.travelerId);
      const afterDocument = documentOf(traveler, i.section);
      return {
        travelerId: i.travelerId,
        section: i.section,
        message: i.message,
        resolved: i.resolvedAt !== null,
        fields: Object.keys({ ...before, ...now }).map((field) => ({
          field,
          before: before[field] ?? null,
          after: now[field] ?? null,
        })),
        beforeDocument: summary(i.beforeDocumentId),
        afterDocument:
          afterDocument && afterDocument.id !== i.beforeDocumentId ? afterDocument : null,
      };
    }),
  };
}

/** The e-mail of the member of staff who lodged the order (null once their account is gone). */
export const lodgedByOf = (ctx: ServiceContext, userId: string) => casework.emailOf(ctx.db, userId);
