import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { ApplicationRow, ApplicationStatus, TravelerValues } from '../../db/rows';
import {
  applications,
  countries,
  documents,
  processingOptions,
  refunds,
  travelers,
  users,
  visaTypes,
} from '../../db/schema';

type Q = Db | Tx;

const UUID = /^[0-9a-f-]{36}$/i;

/** The application with this id; undefined for an unknown id (or one that is not a UUID at all). */
export async function findApplication(db: Q, id: string): Promise<ApplicationRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  return row;
}

/**
 * The application with this id, locked until the transaction ends: every action on an order that checks a rule
 * of its status (a decision, a refund, an upload, a section save, a submission, an erasure) takes this lock first,
 * so a competing action waits and then sees the first one's result.
 */
export async function lockApplication(tx: Tx, id: string): Promise<ApplicationRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await tx.select().from(applications).where(eq(applications.id, id)).for('update');
  return row;
}

export async function findUser(db: Q, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** An application's travellers, lead traveller first. */
export async function travelersOf(db: Q, applicationId: string) {
  return db
    .select()
    .from(travelers)
    .where(eq(travelers.applicationId, applicationId))
    .orderBy(asc(travelers.position));
}

/** A traveller of this application, or undefined. */
export async function findTraveler(db: Q, applicationId: string, travelerId: string) {
  const [row] = await db
    .select()
    .from(travelers)
    .where(and(eq(travelers.id, travelerId), eq(travelers.applicationId, applicationId)));
  return row;
}

/** Every upload of an application, newest first. */
export async function documentsOf(db: Q, applicationId: string) {
  return db
    .select()
    .from(documents)
    .where(eq(documents.applicationId, applicationId))
    .orderBy(desc(documents.createdAt));
}

/** The names an application is shown with: its country, visa type and processing option. */
export type OrderNames = Awaited<ReturnType<typeof namesOf>>;

/** The names an application is shown with: its country, visa type and processing option. */
export async function namesOf(db: Q, application: ApplicationRow) {
  const [row] = await db
    .select({
      country: countries,
      visaTypeName: visaTypes.name,
      visaKind: visaTypes.kind,
      processingName: processingOptions.name,
      processingHours: processingOptions.hours,
    })
    .from(countries)
    .innerJoin(visaTypes, eq(visaTypes.id, application.visaTypeId))
    .innerJoin(processingOptions, eq(processingOptions.id, application.processingOptionId))
    .where(eq(countries.code, application.countryCode));
  return row!;
}

/** The codes among `codes` that are in the reference list of countries. */
export async function knownCountries(db: Q, codes: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ code: countries.code })
    .from(countries)
    .where(inArray(countries.code, codes));
  return new Set(rows.map((r) => r.code));
}

export async function saveGeneralInfo(
  db: Q,
  applicationId: string,
  values: { phoneCountryCode: string; phoneNumber: string; notificationPreference: string },
): Promise<ApplicationRow> {
  const [row] = await db
    .update(applications)
    .set({ ...values, generalInfoCompletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(applications.id, applicationId))
    .returning();
  return row!;
}

/** The column that records when a traveller's section was completed. */
export type SectionCompletedAt =
  'personalCompletedAt' | 'passportInfoCompletedAt' | 'workCompletedAt' | 'declarationCompletedAt';

/** Stores a traveller's answers to one section and marks the section completed now. */
export async function saveTravelerAnswers(
  db: Q,
  travelerId: string,
  values: TravelerValues,
  completed: SectionCompletedAt,
) {
  await db
    .update(travelers)
    .set({ ...values, [completed]: sql`now()`, updatedAt: sql`now()` })
    .where(eq(travelers.id, travelerId));
}

/**
 * Moves an application from one status to the next if nobody changed it since `version` (the optimistic check):
 * the version goes up by one. Undefined when the application is no longer at that status and version.
 */
/** The columns a status change stamps with the time (true), or clears (null), besides the status. */
export type StatusStamps = Partial<
  Record<'paidAt' | 'submittedAt' | 'reviewStartedAt' | 'lodgedAt' | 'decidedAt', true> & {
    decisionReason: string | null;
    refundedAt: true | null;
  }
>;

export async function updateStatus(
  db: Q,
  input: {
    id: string;
    from: ApplicationStatus;
    to: ApplicationStatus;
    version: number;
    stamps: StatusStamps;
  },
): Promise<ApplicationRow | undefined> {
  const { paidAt, submittedAt, reviewStartedAt, lodgedAt, decidedAt, refundedAt, ...rest } =
    input.stamps;
  const [row] = await db
    .update(applications)
    .set({
      status: input.to,
      ...(paidAt ? { paidAt: sql`now()` } : {}),
      // A resubmission keeps the time of the first submission.
      ...(submittedAt ? { submittedAt: sql`coalesce(${applications.submittedAt}, now())` } : {}),
      ...(lodgedAt ? { lodgedAt: sql`now()` } : {}),
      ...(reviewStartedAt ? { reviewStartedAt: sql`now()` } : {}),
      ...(decidedAt ? { decidedAt: sql`now()` } : {}),
      ...(refundedAt
        ? { refundedAt: sql`now()` }
        : refundedAt === null
          ? { refundedAt: null }
          : {}),
      ...rest,
      updatedAt: sql`now()`,
      version: sql`${applications.version} + 1`,
    })
    .where(
      and(
        eq(applications.id, input.id),
        eq(applications.status, input.from),
        eq(applications.version, input.version),
      ),
    )
    .returning();
  return row;
}

/** A signed-in traveller's orders with their visa type and country, newest first. */
export async function ordersOfUser(db: Q, userId: string, limit: number) {
  return db
    .select({
      a: applications,
      visaType: { id: visaTypes.id, name: visaTypes.name },
      visaKind: visaTypes.kind,
      country: countries,
    })
    .from(applications)
    .innerJoin(visaTypes, eq(visaTypes.id, applications.visaTypeId))
    .innerJoin(countries, eq(countries.code, applications.countryCode))
    .where(eq(applications.userId, userId))
    .orderBy(desc(applications.createdAt))
    .limit(limit);
}

/** The travellers of several applications (names and dates of birth), lead traveller first. */
export async function birthDatesOf(db: Q, applicationIds: string[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select({
      applicationId: travelers.applicationId,
      id: travelers.id,
      firstName: travelers.firstName,
      lastName: travelers.lastName,
      dateOfBirth: travelers.dateOfBirth,
    })
    .from(travelers)
    .where(inArray(travelers.applicationId, applicationIds))
    .orderBy(asc(travelers.position));
}

/** The succeeded refunds of several orders, oldest first: the money My orders shows given back. */
export async function succeededRefundsOf(db: Q, applicationIds: string[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select({
      applicationId: refunds.applicationId,
      kind: refunds.kind,
      amountCents: refunds.amountCents,
      settledAt: refunds.settledAt,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .where(and(inArray(refunds.applicationId, applicationIds), eq(refunds.status, 'succeeded')))
    .orderBy(asc(refunds.settledAt), asc(refunds.createdAt));
}
