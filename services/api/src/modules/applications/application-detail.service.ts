import type {
  ApplicationDetail,
  DocumentSummary,
  SectionState,
  TravelerDetail,
} from '@waypoint/contracts';
import type { ApplicationRow, DocumentRow, TravelerRow } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import * as repo from './applications.repo';

/**
 * A paid application as its owner (and staff) read it: every traveller with the state of each section, and the
 * document shown for each.
 */

const done = (at: Date | null): SectionState => (at ? 'completed' : 'not_started');

/**
 * Passport information is done when the issuing country is saved and the passport's details are known: a
 * traveller who chose to add them later has not finished it until they do.
 */
function passportInfoState(t: TravelerRow): SectionState {
  if (!t.passportAddLater) return done(t.passportInfoCompletedAt);
  return t.passportInfoCompletedAt ? 'in_progress' : 'not_started';
}

function documentState(doc: DocumentRow | undefined): SectionState {
  if (!doc) return 'not_started';
  return doc.status === 'ACCEPTED' ? 'completed' : 'in_progress';
}

export function toDocumentSummary(applicationId: string, doc: DocumentRow): DocumentSummary {
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
    return {
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
      passportPage: passportPage ? toDocumentSummary(application.id, passportPage) : null,
      photo: photo ? toDocumentSummary(application.id, photo) : null,
      sections: {
        passportPage: documentState(passportPage),
        photo: documentState(photo),
        personal: done(t.personalCompletedAt),
        passportInfo: passportInfoState(t),
        work: done(t.workCompletedAt),
        declaration: done(t.declarationCompletedAt),
      },
    };
  });
  return {
    id: application.id,
    reference: application.reference,
    status: application.status,
    editable: application.status === 'IN_PROGRESS',
    country: {
      id: info.country.code,
      name: info.country.name,
      flagEmoji: info.country.flagEmoji,
    },
    visaType: { id: application.visaTypeId, name: info.visaTypeName },
    arrivalDate: application.arrivalDate,
    processingName: info.processingName,
    processingHours: application.processingHours,
    totalCents: application.totalCents,
    email: application.guestEmail ?? '',
    generalInfo: {
      countryCode: application.phoneCountryCode ?? '+43',
      phoneNumber: application.phoneNumber ?? '',
      notificationPreference:
        (application.notificationPreference as 'whatsapp' | 'sms' | 'neither' | null) ?? 'whatsapp',
      state: done(application.generalInfoCompletedAt),
    },
    travelers: list,
    submittedAt: application.submittedAt?.toISOString() ?? null,
    decisionReason: application.status === 'REJECTED' ? application.decisionReason : null,
  };
}

/** What is still missing, in the order of the sidebar. Empty when the application can be submitted. */
export function missingItems(detail: ApplicationDetail): string[] {
  const missing: string[] = [];
  if (detail.generalInfo.state !== 'completed') missing.push('General information');
  for (const t of detail.travelers) {
    const who = `Traveler ${t.position} (${t.firstName} ${t.lastName})`;
    if (t.sections.passportPage !== 'completed') missing.push(`${who}: passport page`);
    if (t.sections.photo !== 'completed') missing.push(`${who}: applicant's photo`);
    if (t.sections.personal !== 'completed') missing.push(`${who}: personal information`);
    if (t.passport?.addLater)
      missing.push(`${who}: passport details (number, expiry date, other nationality)`);
    else if (t.sections.passportInfo !== 'completed') missing.push(`${who}: passport information`);
    if (t.sections.work !== 'completed') missing.push(`${who}: work`);
    if (t.sections.declaration !== 'completed') missing.push(`${who}: declaration`);
  }
  return missing;
}
