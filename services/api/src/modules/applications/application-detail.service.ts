import {
  defaultPhoneCode,
  orderTimeline,
  postPaymentSection,
  SECTION_KEY,
  sectionState,
  TRAVELER_SECTIONS,
  type ApplicationDetail,
  type ChangeRequest,
  type DecisionDocument,
  type DocumentSummary,
  type Outcome,
  type TravelerAnswers,
  type TravelerDetail,
  type TravelerSectionSlug,
} from '@waypoint/contracts';
import type { ApplicationRow, DocumentRow, TravelerRow } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import * as repo from './applications.repo';
import * as casework from './casework.repo';
import { passportMrzOf } from './passport-mrz';

/**
 * A paid application as its owner (and staff) read it: every traveller with the state of each section, and the
 * document shown for each.
 */

/** Whether anything of a traveller's section was saved (or uploaded) yet; its rule then says whether it is done. */
function started(
  t: TravelerRow,
  docs: { passportPage?: DocumentRow; photo?: DocumentRow },
): Record<TravelerSectionSlug, boolean> {
  return {
    'passport-page': docs.passportPage !== undefined,
    'applicants-photo': docs.photo !== undefined,
    'personal-information': t.personalCompletedAt !== null,
    'passport-information': t.passportInfoCompletedAt !== null,
    work: t.workCompletedAt !== null,
    declaration: t.declarationCompletedAt !== null,
  };
}

/** The state of each of a traveller's sections, by the journey's completion rules. */
function travelerSections(
  answers: TravelerAnswers,
  saved: Record<TravelerSectionSlug, boolean>,
): TravelerDetail['sections'] {
  return Object.fromEntries(
    TRAVELER_SECTIONS.map((section) => [
      SECTION_KEY[section.slug],
      sectionState(section.isComplete(answers), saved[section.slug]),
    ]),
  ) as TravelerDetail['sections'];
}

export function toDocumentSummary(
  applicationId: string,
  doc: DocumentRow,
  mrz: DocumentSummary['mrz'] = null,
): DocumentSummary {
  return {
    id: doc.id,
    kind: doc.kind,
    status: doc.status,
    contentType: doc.contentType,
    width: doc.width,
    height: doc.height,
    checks: (doc.checkResults as DocumentSummary['checks'] | null) ?? [],
    createdAt: doc.createdAt.toISOString(),
    url: `/api/application/${applicationId}/documents/${doc.id}`,
    mrz,
  };
}

/** The document shown for a traveller and kind: the accepted one, else the latest attempt. */
function shownDocument(docs: DocumentRow[], travelerId: string, kind: DocumentRow['kind']) {
  const mine = docs.filter((d) => d.travelerId === travelerId && d.kind === kind);
  return mine.find((d) => d.status === 'ACCEPTED') ?? mine.find((d) => d.status !== 'REPLACED');
}

/** A paid application with every traveller, section state and document, as its owner (and staff) see it. */
export async function applicationDetail({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { application: ApplicationRow };
}): Promise<ApplicationDetail> {
  const { application } = input;
  const info = await repo.namesOf(ctx.db, application);
  const people = await repo.travelersOf(ctx.db, application.id);
  const docs = await repo.documentsOf(ctx.db, application.id);
  const list: TravelerDetail[] = people.map((t) => {
    const passportPage = shownDocument(docs, t.id, 'PASSPORT_PAGE');
    const photo = shownDocument(docs, t.id, 'PHOTO');
    const answers: TravelerAnswers = {
      id: t.id,
      position: t.position,
      firstName: t.firstName,
      lastName: t.lastName,
      dateOfBirth: t.dateOfBirth,
      passport: {
        nationality: t.passportNationality,
        number: t.passportNumberEncrypted
          ? ctx.encryption.decrypt(t.passportNumberEncrypted)
          : null,
        expirationDate: t.passportExpirationDate,
        hasSecondNationality: t.hasSecondNationality,
        addLater: t.passportAddLater,
      },
      personal: {
        countryOfBirth: t.countryOfBirth,
        residentCountry: t.residentCountry,
        gender: t.gender,
        residenceAddress: t.residenceAddress,
        cityTown: t.cityTown,
      },
      passportInfo: { issuingCountry: t.passportIssuingCountry },
      work: { currentlyWorking: t.currentlyWorking, jobTitle: t.jobTitle },
      declaration: {
        hasConvictions: t.hasConvictions,
        convictionDetails: t.convictionDetails,
        hasTerroristActivities: t.hasTerroristActivities,
      },
      passportPage: passportPage
        ? toDocumentSummary(
            application.id,
            passportPage,
            passportMrzOf(ctx.encryption, passportPage, t),
          )
        : null,
      photo: photo ? toDocumentSummary(application.id, photo) : null,
    };
    return { ...answers, sections: travelerSections(answers, started(t, { passportPage, photo })) };
  });
  // Until the traveller gives one, the phone code is the lead traveller's nationality's.
  const lead = people[0];
  const generalInfo = {
    countryCode:
      application.phoneCountryCode ??
      defaultPhoneCode(lead?.passportNationality ?? application.countryCode),
    phoneNumber: application.phoneNumber ?? '',
    notificationPreference:
      (application.notificationPreference as 'whatsapp' | 'sms' | 'neither' | null) ?? 'whatsapp',
  };
  const submittedAt = application.submittedAt?.toISOString() ?? null;
  return {
    id: application.id,
    reference: application.reference,
    status: application.status,
    // While changes are requested, the flagged sections and documents (the API refuses the others).
    editable: application.status === 'IN_PROGRESS' || application.status === 'CHANGES_REQUESTED',
    country: {
      id: info.country.code,
      name: info.country.name,
      flagEmoji: info.country.flagEmoji,
    },
    visaType: { id: application.visaTypeId, name: info.visaTypeName },
    arrivalDate: application.arrivalDate,
    processingName: info.processingName,
    processingOptionId: application.processingOptionId,
    processingHours: application.processingHours,
    totalCents: application.totalCents,
    email: application.guestEmail ?? '',
    generalInfo: {
      ...generalInfo,
      state: sectionState(
        postPaymentSection('general-info').isComplete({ generalInfo, submittedAt }),
        application.generalInfoCompletedAt !== null,
      ),
    },
    travelers: list,
    submittedAt,
    decisionReason: application.status === 'REJECTED' ? application.decisionReason : null,
    productKind: info.visaKind,
    ...(await caseworkOf(ctx, application)),
    timeline: orderTimeline({
      status: application.status,
      paidAt: application.paidAt?.toISOString() ?? null,
      submittedAt,
      reviewStartedAt: application.reviewStartedAt?.toISOString() ?? null,
      lodgedAt: application.lodgedAt?.toISOString() ?? null,
      decidedAt: application.decidedAt?.toISOString() ?? null,
      refundedAt: application.refundedAt?.toISOString() ?? null,
    }),
  };
}

const decisionDocument = (applicationId: string, doc: DocumentRow): DecisionDocument => ({
  id: doc.id,
  contentType: doc.contentType,
  filename: doc.originalFilename,
  url: `/api/application/${applicationId}/documents/${doc.id}`,
});

/** The casework of an order as its owner and staff read it: changes asked, lodging, outcome. */
export async function caseworkOf(
  ctx: ServiceContext,
  application: ApplicationRow,
): Promise<Pick<ApplicationDetail, 'changeRequest' | 'lodging' | 'outcome'>> {
  const latest = await casework.latestChangeRequest(ctx.db, application.id);
  const changeRequest: ChangeRequest | null = latest
    ? {
        requestedAt: latest.request.requestedAt.toISOString(),
        resubmittedAt: latest.request.resubmittedAt?.toISOString() ?? null,
        items: latest.items.map((i) => ({
          travelerId: i.travelerId,
          section: i.section,
          message: i.message,
          resolved: i.resolvedAt !== null,
        })),
      }
    : null;
  const lodging =
    application.homeOfficeReference && application.lodgedOn
      ? { reference: application.homeOfficeReference, lodgedOn: application.lodgedOn }
      : null;
  let outcome: Outcome | null = null;
  if (
    (application.status === 'APPROVED' || application.status === 'REJECTED') &&
    application.decidedAt
  ) {
    const docs = (await casework.decisionDocumentsOf(ctx.db, application.id)).filter(
      (d) => d.status === 'ACCEPTED',
    );
    const grants = await casework.grantsOf(ctx.db, application.id);
    const inGrants = new Set(grants.map((g) => g.documentId));
    const letter = docs.find((d) => !inGrants.has(d.id));
    outcome = {
      outcome: application.status,
      recordedAt: application.decidedAt.toISOString(),
      reason: application.status === 'REJECTED' ? application.decisionReason : null,
      grants: grants.map((g) => {
        const doc = docs.find((d) => d.id === g.documentId);
        return {
          travelerId: g.travelerId,
          kind: g.kind,
          reference: g.reference,
          validFrom: g.validFrom,
          validUntil: g.validUntil,
          passportLast4: g.passportLast4,
          document: doc ? decisionDocument(application.id, doc) : null,
        };
      }),
      document:
        letter && application.status === 'REJECTED'
          ? decisionDocument(application.id, letter)
          : null,
    };
  }
  return { changeRequest, lodging, outcome };
}
