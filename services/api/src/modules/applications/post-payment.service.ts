import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  normalisePassportNumber,
  PostPaymentText,
  SUBMIT_DECLARATION,
  WizardText,
  type ApplicationDetail,
  type DocumentSummary,
  type PassportDetails,
  type SectionState,
  type SubmitBody,
  type TravelerDetail,
} from '@waypoint/contracts';
import type { Tx } from '../../db/client';
import {
  applications,
  auditLog,
  countries,
  documents,
  processingOptions,
  travelers,
  visaTypes,
} from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { UserRow } from '../../plugins/session';
import { enqueueEmail } from '../notifications/outbox';

type ApplicationRow = typeof applications.$inferSelect;
type TravelerRow = typeof travelers.$inferSelect;
type DocumentRow = typeof documents.$inferSelect;

export interface Caller {
  user: UserRow;
  ip: string;
}

/**
 * The application when the caller owns it or is an admin. Anyone else gets the same 404 as for an unknown id,
 * and the attempt is logged and audited.
 */
export async function loadOwned(
  ctx: ServiceContext,
  caller: Caller,
  id: string,
): Promise<ApplicationRow> {
  const row = /^[0-9a-f-]{36}$/i.test(id)
    ? (await ctx.db.select().from(applications).where(eq(applications.id, id)))[0]
    : undefined;
  if (row && (row.userId === caller.user.id || caller.user.role === 'admin')) return row;
  if (row) {
    ctx.log.warn(
      { applicationId: id, userId: caller.user.id },
      "refused access to another account's application",
    );
    await ctx.db.insert(auditLog).values({
      actorUserId: caller.user.id,
      actorRole: caller.user.role,
      action: 'application.access_denied',
      entityType: 'application',
      entityId: id,
      applicationId: id,
      ip: caller.ip,
    });
  }
  throw notFound('No such application');
}

/** Answers can change while the order is paid and not yet submitted (admins may always correct them). */
export function assertEditable(application: ApplicationRow, caller: Caller) {
  if (application.status === 'DRAFT') throw conflict(PostPaymentText.notPaid);
  if (application.status !== 'IN_PROGRESS' && caller.user.role !== 'admin')
    throw conflict(PostPaymentText.readOnly);
}

export async function loadTraveler(
  ctx: ServiceContext,
  application: ApplicationRow,
  travelerId: string,
): Promise<TravelerRow> {
  const row = (
    await ctx.db
      .select()
      .from(travelers)
      .where(and(eq(travelers.id, travelerId), eq(travelers.applicationId, application.id)))
  )[0];
  if (!row) throw notFound(PostPaymentText.unknownTraveler);
  return row;
}

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

export async function applicationDetail(
  ctx: ServiceContext,
  application: ApplicationRow,
): Promise<ApplicationDetail> {
  const [info] = await ctx.db
    .select({
      country: countries,
      visaTypeName: visaTypes.name,
      processingName: processingOptions.name,
    })
    .from(countries)
    .innerJoin(visaTypes, eq(visaTypes.id, application.visaTypeId))
    .innerJoin(processingOptions, eq(processingOptions.id, application.processingOptionId))
    .where(eq(countries.code, application.countryCode));
  const people = await ctx.db
    .select()
    .from(travelers)
    .where(eq(travelers.applicationId, application.id))
    .orderBy(asc(travelers.position));
  const docs = await ctx.db
    .select()
    .from(documents)
    .where(eq(documents.applicationId, application.id))
    .orderBy(desc(documents.createdAt));
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
      id: info!.country.code,
      name: info!.country.name,
      flagEmoji: info!.country.flagEmoji,
    },
    visaType: { id: application.visaTypeId, name: info!.visaTypeName },
    arrivalDate: application.arrivalDate,
    processingName: info!.processingName,
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

async function countriesExist(ctx: ServiceContext, codes: string[]) {
  const rows = await ctx.db
    .select({ code: countries.code })
    .from(countries)
    .where(inArray(countries.code, codes));
  return new Set(rows.map((r) => r.code));
}

/** Rejects country codes that are not in the reference list, naming the field. */
export async function assertCountries(
  ctx: ServiceContext,
  fields: Record<string, string>,
  message: string,
) {
  const known = await countriesExist(ctx, Object.values(fields));
  const bad = Object.entries(fields).filter(([, code]) => !known.has(code));
  if (bad.length) {
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      message,
      Object.fromEntries(bad.map(([field]) => [field, message])),
    );
  }
}

export async function updateGeneralInfo(
  ctx: ServiceContext,
  application: ApplicationRow,
  input: { countryCode: string; phoneNumber: string; notificationPreference: string },
) {
  const [row] = await ctx.db
    .update(applications)
    .set({
      phoneCountryCode: input.countryCode,
      phoneNumber: input.phoneNumber,
      notificationPreference: input.notificationPreference,
      generalInfoCompletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(applications.id, application.id))
    .returning();
  return row!;
}

export async function updateTraveler(
  ctx: ServiceContext,
  traveler: TravelerRow,
  values: Partial<typeof travelers.$inferInsert>,
) {
  await ctx.db
    .update(travelers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(travelers.id, traveler.id));
}

/**
 * The values that store a traveller's passport details (given after payment by one who chose "add later", or
 * corrected): the number normalised and encrypted, and "add later" cleared.
 */
export function passportDetailsValues(
  ctx: ServiceContext,
  details: PassportDetails,
): Partial<typeof travelers.$inferInsert> {
  return {
    passportNationality: details.nationality,
    passportNumberEncrypted: ctx.encryption.encrypt(normalisePassportNumber(details.number)),
    passportExpirationDate: details.expirationDate,
    hasSecondNationality: details.hasSecondNationality,
    passportAddLater: false,
  };
}

/** A 400 naming each passport field still to give, for a traveller who chose to add the details later. */
export function passportDetailsMissing(): AppError {
  return new AppError(400, 'VALIDATION_FAILED', PostPaymentText.passportDetailsRequired, {
    'passport.number': WizardText.passportNumberRequired,
    'passport.expirationDate': WizardText.passportExpiryRequired,
    'passport.hasSecondNationality': WizardText.secondNationalityRequired,
  });
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

/** Submits a complete application whose declaration the traveller has confirmed. */
export async function submitApplication(
  ctx: ServiceContext,
  caller: Caller,
  application: ApplicationRow,
  input: SubmitBody,
) {
  if (input.declarationConfirmed !== true)
    throw new AppError(400, 'VALIDATION_FAILED', PostPaymentText.declarationRequired, {
      declarationConfirmed: PostPaymentText.declarationRequired,
    });
  if (application.status !== 'IN_PROGRESS')
    throw conflict(
      application.status === 'DRAFT' ? PostPaymentText.notPaid : PostPaymentText.readOnly,
    );
  const detail = await applicationDetail(ctx, application);
  const missing = missingItems(detail);
  if (missing.length) {
    throw new AppError(
      400,
      'INCOMPLETE',
      `Please complete the following before submitting: ${missing.join('; ')}.`,
      {
        missing: missing.join('\n'),
      },
    );
  }
  const updated = await ctx.db.transaction(async (tx: Tx) => {
    const [row] = await tx
      .update(applications)
      .set({
        status: 'SUBMITTED',
        submittedAt: sql`now()`,
        updatedAt: sql`now()`,
        version: sql`${applications.version} + 1`,
      })
      .where(and(eq(applications.id, application.id), eq(applications.status, 'IN_PROGRESS')))
      .returning();
    if (!row) throw conflict(PostPaymentText.readOnly);
    await tx.insert(auditLog).values({
      actorUserId: caller.user.id,
      actorRole: caller.user.role,
      action: 'application.submitted',
      entityType: 'application',
      entityId: row.id,
      applicationId: row.id,
      // The declaration the traveller confirmed on "Check your answers", word for word.
      details: {
        from: 'IN_PROGRESS',
        to: 'SUBMITTED',
        declaration: { confirmed: input.declarationConfirmed, text: SUBMIT_DECLARATION },
      },
      ip: caller.ip,
    });
    await enqueueEmail(tx, row.guestEmail ?? caller.user.email, {
      template: 'status-change',
      payload: {
        firstName: detail.travelers[0]?.firstName ?? null,
        reference: row.reference,
        status: 'Submitted',
        reason: null,
      },
    });
    return row;
  });
  ctx.pokeOutbox();
  return applicationDetail(ctx, updated);
}
