import { and, asc, eq, gte, inArray, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  applications,
  auditLog,
  applicationNotes,
  changeRequests,
  documents,
  grants,
  drafts,
  emailOutbox,
  fileErasures,
  oneTimeTokens,
  paymentEvents,
  payments,
  receipts,
  creditNotes,
  recoveryCodes,
  refunds,
  sessions,
  travelers,
  users,
} from '../../db/schema';

type Q = Db | Tx;

/** The orders of an account, oldest first. */
export function applicationsOfUser(db: Q, userId: string) {
  return db
    .select()
    .from(applications)
    .where(eq(applications.userId, userId))
    .orderBy(asc(applications.createdAt));
}

/** The orders of an account, locked for the deletion (the retention job skips them meanwhile). */
export function lockApplicationsOfUser(tx: Tx, userId: string) {
  return tx
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.userId, userId))
    .for('update');
}

export function travelersOfApplications(db: Q, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(travelers)
    .where(inArray(travelers.applicationId, ids))
    .orderBy(asc(travelers.applicationId), asc(travelers.position));
}

/** Staff's internal notes on the applications (the traveller is owed a copy on request). */
export function notesOfApplications(db: Q, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(applicationNotes)
    .where(inArray(applicationNotes.applicationId, ids))
    .orderBy(asc(applicationNotes.createdAt), asc(applicationNotes.id));
}

export function grantsOfApplications(db: Q, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(grants)
    .where(inArray(grants.applicationId, ids))
    .orderBy(asc(grants.createdAt));
}

export function documentsOfApplications(db: Q, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(documents)
    .where(inArray(documents.applicationId, ids))
    .orderBy(asc(documents.createdAt));
}

export function paymentsOfApplications(db: Q, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(payments)
    .where(inArray(payments.applicationId, ids))
    .orderBy(asc(payments.createdAt));
}

export function emailsTo(db: Q, address: string) {
  return db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(asc(emailOutbox.createdAt));
}

/** Entries about the account: what it did, and what happened to it or its orders. */
export function auditAbout(db: Q, userId: string, applicationIds: string[]) {
  const conditions = [
    eq(auditLog.actorUserId, userId),
    and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId)),
  ];
  if (applicationIds.length > 0) conditions.push(inArray(auditLog.applicationId, applicationIds));
  return db
    .select()
    .from(auditLog)
    .where(or(...conditions))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

export function sessionsOf(db: Q, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
}

export function draftOf(db: Q, userId: string) {
  return db.select().from(drafts).where(eq(drafts.userId, userId)).limit(1);
}

/**
 * Erases the documents of some orders in the caller's transaction: their rows go, and their files are listed in
 * `file_erasures` to be removed once the transaction has committed. Returns the storage keys.
 */
export async function eraseDocumentsOf(
  tx: Tx,
  applicationIds: string[],
  by: 'retention' | 'deletion',
): Promise<{ applicationId: string; storageKey: string }[]> {
  if (applicationIds.length === 0) return [];
  const erased = await tx
    .delete(documents)
    .where(inArray(documents.applicationId, applicationIds))
    .returning({ applicationId: documents.applicationId, storageKey: documents.storageKey });
  if (erased.length > 0) {
    await tx
      .insert(fileErasures)
      .values(erased.map((d) => ({ storageKey: d.storageKey })))
      .onConflictDoNothing();
  }
  await tx
    .update(applications)
    .set({ documentsErasedAt: sql`now()`, documentsErasedBy: by })
    .where(and(inArray(applications.id, applicationIds), isNull(applications.documentsErasedAt)));
  return erased;
}

/**
 * Minimises the orders of a deleted account: the travellers (names, birth dates, passport data, answers) and the
 * contact details go; the order row stays with its prices and status, so its payments and receipts keep their
 * meaning (a receipt keeps its number, amounts, card and traveller count; the travellers' names and the billing address go). Returns the
 * number of travellers erased.
 */
export async function minimiseApplications(tx: Tx, applicationIds: string[]): Promise<number> {
  if (applicationIds.length === 0) return 0;
  const erased = await tx
    .delete(travelers)
    .where(inArray(travelers.applicationId, applicationIds))
    .returning({ id: travelers.id });
  // Staff requests for changes keep what the answers were (their traveller's go with the traveller).
  await tx.delete(changeRequests).where(inArray(changeRequests.applicationId, applicationIds));
  // Staff's internal notes are about the traveller.
  await tx.delete(applicationNotes).where(inArray(applicationNotes.applicationId, applicationIds));
  await tx
    .update(applications)
    .set({
      guestEmail: null,
      phoneCountryCode: null,
      phoneNumber: null,
      decisionReason: null,
      guestSessionHash: null,
      searchText: sql`lower(${applications.reference})`,
      personalDataErasedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(inArray(applications.id, applicationIds));
  await tx
    .update(payments)
    .set({ lastError: null })
    .where(inArray(payments.applicationId, applicationIds));
  await tx
    .update(receipts)
    .set({ travelers: [], billing: null })
    .where(inArray(receipts.applicationId, applicationIds));
  return erased.length;
}

/** The e-mails queued or sent to an address: their contents (names, codes, order details) are personal data. */
export async function deleteEmailsTo(tx: Tx, address: string) {
  await tx.delete(emailOutbox).where(eq(emailOutbox.toAddress, address));
}

/**
 * Anonymises the account's row: another person may register with the address at once, and nothing in the row
 * identifies its owner any more. Its drafts, tokens, recovery codes and sessions go; returns the sessions ended.
 */
export async function anonymiseUser(tx: Tx, userId: string): Promise<number> {
  await tx.delete(drafts).where(eq(drafts.userId, userId));
  await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const ended = await tx
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  await tx
    .update(users)
    .set({
      email: sql`'deleted-' || ${users.id}::text || '@deleted.invalid'`,
      emailVerifiedAt: null,
      passwordHash: null,
      firstName: null,
      lastName: null,
      nationality: null,
      totpSecretEncrypted: null,
      totpEnabledAt: null,
      totpLastStep: null,
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  return ended.length;
}

/**
 * Decided orders, and orders closed by a refund in full, whose documents are older than the retention period, locked for this transaction; rows another
 * process is already erasing are skipped (several API processes run the job).
 */
export function lockExpiredDecisions(tx: Tx, retentionDays: number, limit: number) {
  return tx
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        isNull(applications.documentsErasedAt),
        or(
          and(
            inArray(applications.status, ['APPROVED', 'REJECTED']),
            lt(applications.decidedAt, sql`now() - make_interval(days => ${retentionDays})`),
          ),
          // Closed by a refund in full: counted from the refund.
          and(
            eq(applications.status, 'REFUNDED'),
            lt(applications.refundedAt, sql`now() - make_interval(days => ${retentionDays})`),
          ),
        ),
      ),
    )
    .orderBy(asc(sql`coalesce(${applications.refundedAt}, ${applications.decidedAt})`))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Orders whose last activity is more than `years` years old: the order's own last change and every change of its
 * payments and refunds (a refund settled later keeps the order). Oldest first, locked for this transaction
 * (skipping another process's).
 */
export function lockExpiredOrders(tx: Tx, years: number, limit: number) {
  const cutoff = sql`now() - make_interval(years => ${years})`;
  return tx
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        lt(applications.updatedAt, cutoff),
        lt(applications.createdAt, cutoff),
        notExists(
          tx
            .select({ id: payments.id })
            .from(payments)
            .where(
              and(eq(payments.applicationId, applications.id), gte(payments.updatedAt, cutoff)),
            ),
        ),
        notExists(
          tx
            .select({ id: refunds.id })
            .from(refunds)
            .where(and(eq(refunds.applicationId, applications.id), gte(refunds.updatedAt, cutoff))),
        ),
      ),
    )
    .orderBy(asc(applications.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Deletes orders and every record of them: their audit entries, refunds, receipts and payments, then the order rows
 * (their travellers, answers and upload links go with them). Their documents must be erased first
 * ({@link eraseDocumentsOf}), so their files are listed for removal.
 */
export async function deleteOrders(tx: Tx, applicationIds: string[]): Promise<number> {
  if (applicationIds.length === 0) return 0;
  await tx.delete(auditLog).where(inArray(auditLog.applicationId, applicationIds));
  await tx.delete(creditNotes).where(inArray(creditNotes.applicationId, applicationIds));
  await tx.delete(refunds).where(inArray(refunds.applicationId, applicationIds));
  await tx.delete(receipts).where(inArray(receipts.applicationId, applicationIds));
  await tx.delete(payments).where(inArray(payments.applicationId, applicationIds));
  const deleted = await tx
    .delete(applications)
    .where(inArray(applications.id, applicationIds))
    .returning({ id: applications.id });
  return deleted.length;
}

/** Deletes the payment provider's webhook events received more than `years` years ago; returns how many. */
export async function deleteExpiredPaymentEvents(db: Q, years: number): Promise<number> {
  const deleted = await db
    .delete(paymentEvents)
    .where(lt(paymentEvents.receivedAt, sql`now() - make_interval(years => ${years})`))
    .returning({ eventId: paymentEvents.eventId });
  return deleted.length;
}

/** Files waiting to be removed from storage, locked for this transaction (skipping another process's). */
export function lockPendingFileErasures(tx: Tx, limit: number) {
  return tx
    .select({ storageKey: fileErasures.storageKey })
    .from(fileErasures)
    .orderBy(asc(fileErasures.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function fileErased(db: Q, storageKey: string) {
  await db.delete(fileErasures).where(eq(fileErasures.storageKey, storageKey));
}

export async function fileErasureFailed(db: Q, storageKey: string, error: string) {
  await db
    .update(fileErasures)
    .set({ attempts: sql`${fileErasures.attempts} + 1`, lastError: error.slice(0, 500) })
    .where(eq(fileErasures.storageKey, storageKey));
}
