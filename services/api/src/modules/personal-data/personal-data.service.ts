import path from 'node:path';
import { PassThrough } from 'node:stream';
import { ZipFile } from 'yazl';
import { ApiMessages, type DraftData } from '@waypoint/contracts';
import type { DocumentRow, UserRow } from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import { badRequest, conflict } from '../../lib/errors';
import { consumeRateLimits } from '../../lib/rate-limit';
import { isAdmin } from '../../lib/roles';
import { recordAudit } from '../audit/audit.repo';
import { fromStored } from '../applications/drafts.service';
import { assertRecentProof, recentProof } from '../auth/recent-proof.service';
import type { Session } from '../auth/verbs';
import { verifySecondFactor } from '../auth/second-factor.service';
import type { FileStorage } from '../documents/storage';
import { queueEmail } from '../notifications/outbox.service';
import { SECRET_FIELDS } from '../notifications/templates';
import { lockActiveAdmins, otherActiveAdmins } from '../staff/staff-accounts.service';
import * as repo from './personal-data.repo';
import { removeFiles } from './file-erasure';
import {
  eraseSupportConversations,
  supportConversationsForExport,
} from '../support/support-data.service';

/**
 * A traveller's rights over their personal data: a copy of everything held about them, and the deletion of their
 * account (documents, passport and traveller data erased; payment records kept with the personal fields removed).
 */

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** The file name of a document inside the export: `traveller-1-passport-page-1a2b3c4d.jpg`. */
function documentName(doc: DocumentRow, position: number | undefined): string {
  const ext = path.extname(doc.storageKey).replace(/[^.a-z0-9]/gi, '') || '.bin';
  const kind = { PHOTO: 'photo', PASSPORT_PAGE: 'passport-page', DECISION: 'decision' }[doc.kind];
  return `traveller-${position ?? 0}-${kind}-${doc.id.slice(0, 8)}${ext}`;
}

function decrypt(ctx: ServiceContext, value: string | null): string | null {
  if (!value) return null;
  try {
    return ctx.encryption.decrypt(value);
  } catch {
    ctx.log.warn('a passport number of an export cannot be decrypted with this server key');
    return null;
  }
}

/** Everything held about the account, as `data.json` shows it, with the documents to put beside it. */
async function collect(ctx: ServiceContext, user: UserRow, currentSessionId: string | null) {
  const orders = await repo.applicationsOfUser(ctx.db, user.id);
  const ids = orders.map((a) => a.id);
  const [people, allDocs, paid, emails, audit, sessionRows, [draft], granted, notes, support] =
    await Promise.all([
      repo.travelersOfApplications(ctx.db, ids),
      repo.documentsOfApplications(ctx.db, ids),
      repo.paymentsOfApplications(ctx.db, ids),
      repo.emailsTo(ctx.db, user.email),
      repo.auditAbout(ctx.db, user.id, ids),
      repo.sessionsOf(ctx.db, user.id),
      repo.draftOf(ctx.db, user.id),
      repo.grantsOfApplications(ctx.db, ids),
      repo.notesOfApplications(ctx.db, ids),
      supportConversationsForExport({
        db: ctx.db,
        input: { userId: user.id, applicationIds: ids },
      }),
    ]);
  // A decision document is the traveller's once the outcome is recorded with it.
  const docs = allDocs.filter((d) => d.kind !== 'DECISION' || d.status === 'ACCEPTED');
  const files: { path: string; doc: DocumentRow }[] = [];
  const applications = orders.map((a) => {
    const travellers = people.filter((t) => t.applicationId === a.id);
    const positionOf = (travelerId: string) =>
      travellers.find((t) => t.id === travelerId)?.position;
    return {
      id: a.id,
      reference: a.reference,
      status: a.status,
      country: a.countryCode,
      visaType: a.visaTypeId,
      processingOption: a.processingOptionId,
      arrivalDate: a.arrivalDate,
      hasPlannedDates: a.hasPlannedDates,
      travelerCount: a.travelerCount,
      governmentFeeCents: a.governmentFeeCents,
      processingFeeCents: a.processingFeeCents,
      totalCents: a.totalCents,
      currency: a.currency,
      contact: {
        email: a.guestEmail,
        phoneCountryCode: a.phoneCountryCode,
        phoneNumber: a.phoneNumber,
        notificationPreference: a.notificationPreference,
      },
      decisionReason: a.decisionReason,
      createdAt: iso(a.createdAt),
      paidAt: iso(a.paidAt),
      submittedAt: iso(a.submittedAt),
      decidedAt: iso(a.decidedAt),
      lodging: a.homeOfficeReference
        ? { homeOfficeReference: a.homeOfficeReference, lodgedOn: a.lodgedOn }
        : null,
      grants: granted
        .filter((g) => g.applicationId === a.id)
        .map((g) => ({
          traveler: positionOf(g.travelerId) ?? null,
          kind: g.kind,
          reference: g.reference,
          validFrom: g.validFrom,
          validUntil: g.validUntil,
          passportLast4: g.passportLast4,
          remindersStoppedAt: iso(g.remindersStoppedAt),
        })),
      documentsErasedAt: iso(a.documentsErasedAt),
      // What staff noted about the application: the law on subject access gives the traveller a copy.
      staffNotes: notes
        .filter((n) => n.applicationId === a.id)
        .map((n) => ({ at: iso(n.createdAt), author: n.authorName, note: n.body })),
      travelers: travellers.map((t) => ({
        position: t.position,
        firstName: t.firstName,
        lastName: t.lastName,
        dateOfBirth: t.dateOfBirth,
        email: t.email,
        passport: {
          nationality: t.passportNationality,
          number: decrypt(ctx, t.passportNumberEncrypted),
          expirationDate: t.passportExpirationDate,
          issuingCountry: t.passportIssuingCountry,
          hasSecondNationality: t.hasSecondNationality,
          addLater: t.passportAddLater,
        },
        answers: {
          countryOfBirth: t.countryOfBirth,
          residentCountry: t.residentCountry,
          gender: t.gender,
          residenceAddress: t.residenceAddress,
          cityTown: t.cityTown,
          currentlyWorking: t.currentlyWorking,
          jobTitle: t.jobTitle,
          hasConvictions: t.hasConvictions,
          convictionDetails: t.convictionDetails,
          hasTerroristActivities: t.hasTerroristActivities,
        },
      })),
      documents: docs
        .filter((d) => d.applicationId === a.id)
        .map((d) => {
          const file = `documents/${a.reference}/${documentName(d, positionOf(d.travelerId))}`;
          files.push({ path: file, doc: d });
          return {
            traveler: positionOf(d.travelerId) ?? null,
            kind: d.kind,
            status: d.status,
            contentType: d.contentType,
            sizeBytes: d.sizeBytes,
            originalFilename: d.originalFilename,
            uploadedAt: iso(d.createdAt),
            file,
          };
        }),
      // The provider's references and amounts; never a client secret or card data (none is stored).
      payments: paid
        .filter((p) => p.applicationId === a.id)
        .map((p) => ({
          provider: p.provider,
          amountCents: p.amountCents,
          currency: p.currency,
          status: p.status,
          createdAt: iso(p.createdAt),
          succeededAt: iso(p.succeededAt),
        })),
    };
  });
  const data = {
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      firstName: user.firstName,
      lastName: user.lastName,
      nationality: user.nationality,
      role: user.role,
      locale: user.locale,
      hasPassword: user.passwordHash !== null,
      secondFactorEnabled: user.totpEnabledAt !== null,
      createdAt: iso(user.createdAt),
    },
    draft: draft ? fromStored(ctx, draft.data as DraftData) : null,
    applications,
    // What the traveller wrote to staff and the answers, about their orders or in general.
    supportConversations: support,
    emails: emails.map((e) => {
      const payload = { ...(e.payload as Record<string, unknown>) };
      for (const field of SECRET_FIELDS) delete payload[field];
      return {
        to: e.toAddress,
        template: e.template,
        locale: e.locale,
        status: e.status,
        content: payload,
        createdAt: iso(e.createdAt),
        sentAt: iso(e.sentAt),
      };
    }),
    sessions: sessionRows.map((s) => ({
      current: s.id === currentSessionId,
      createdAt: iso(s.createdAt),
      lastSeenAt: iso(s.lastSeenAt),
      expiresAt: iso(s.expiresAt),
      ip: s.ip,
      userAgent: s.userAgent,
    })),
    audit: audit.map((e) => ({
      at: iso(e.createdAt),
      action: e.action,
      about: e.entityType,
      application: orders.find((a) => a.id === e.applicationId)?.reference ?? null,
      details: e.details,
      ip: e.ip,
      userAgent: e.userAgent,
    })),
  };
  return { data, files, applications: orders.length };
}

/**
 * The zip of everything held about the account: `data.json`, then each document under
 * `documents/<order reference>/`. The zip is streamed as it is written; files are read one at a time.
 */
export async function exportPersonalData({
  ctx,
  user,
  session,
  caller,
  storage,
}: {
  ctx: ServiceContext;
  user: UserRow;
  session: Session;
  caller: Caller;
  storage: FileStorage;
}): Promise<NodeJS.ReadableStream> {
  // Everything held, passport data and documents included, in one file: only for whoever proved to be the owner
  // in the last 10 minutes (signing in counts), not for anyone who merely holds the session.
  assertRecentProof(session);
  await consumeRateLimits(ctx.rateLimits, [
    { key: `data-export:user:${user.id}`, max: 10, windowSeconds: 3600 },
  ]);
  const { data, files, applications } = await collect(ctx, user, session?.id ?? null);
  await recordAudit(ctx.db, {
    action: 'account.data_exported',
    actor: { userId: user.id, role: user.role, ip: caller.ip, userAgent: caller.userAgent ?? null },
    entityId: user.id,
    details: { applications, documents: files.length },
  });
  const zip = new ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), 'data.json');
  void (async () => {
    for (const file of files) {
      try {
        // Images are already compressed: stored as they are.
        zip.addBuffer(await storage.get(file.doc.storageKey), file.path, { compress: false });
      } catch (err) {
        ctx.log.error(
          { err, documentId: file.doc.id },
          'a document could not be read for an export',
        );
        zip.addBuffer(
          Buffer.from(`This document could not be read from storage (${file.doc.id}).\n`),
          `${file.path}.unavailable.txt`,
        );
      }
    }
    zip.end();
  })();
  return out;
}

/**
 * Deletes the account, after its owner proved who they are (password, or an e-mailed code for an account without
 * one, and the authenticator code when it has one). In one transaction: its orders' documents and travellers
 * (names, birth dates, passport data, answers) are erased, their contact details removed, its draft, tokens and
 * sessions deleted, the e-mails to it deleted, and the row anonymised so the address can register again. The orders
 * stay with their prices and status, so their payments and receipts are kept. A confirmation goes to the address
 * it had. The files are removed from storage after the commit (a failed removal is retried by the retention job).
 */
export async function deleteAccount({
  ctx,
  user,
  session,
  input,
  caller,
  storage,
}: {
  ctx: ServiceContext;
  user: UserRow;
  session: Session;
  input: {
    password?: string | undefined;
    code?: string | undefined;
    secondFactorCode?: string | undefined;
  };
  caller: Caller;
  storage: FileStorage;
}): Promise<{ deleted: true; message: string }> {
  if (isAdmin(user.role) && (await otherActiveAdmins({ db: ctx.db, userId: user.id })) === 0) {
    throw conflict('personalData.lastAdmin');
  }
  if (user.passwordHash) {
    if (!input.password) {
      throw badRequest('personalData.passwordRequired', {
        password: 'personalData.passwordRequired',
      });
    }
    await recentProof({ ctx, user, session, input: { password: input.password }, caller });
  } else {
    if (!input.code) {
      throw badRequest('personalData.codeRequired', { code: 'personalData.codeRequired' });
    }
    await recentProof({ ctx, user, session, input: { code: input.code }, caller });
  }
  if (user.totpEnabledAt) {
    if (!input.secondFactorCode) {
      throw badRequest('personalData.secondFactorRequired', {
        secondFactorCode: 'personalData.secondFactorRequired',
      });
    }
    await verifySecondFactor({
      ctx,
      user,
      session,
      input: { code: input.secondFactorCode },
      caller,
    });
  }
  const address = user.email;
  const keys = await ctx.db.transaction(async (tx) => {
    // The last-admin rule again, under the admins' locks: the check above was only the early answer.
    if (isAdmin(user.role)) {
      const admins = await lockActiveAdmins({ tx });
      if (admins.filter((id) => id !== user.id).length === 0)
        throw conflict('personalData.lastAdmin');
    }
    const orders = await repo.lockApplicationsOfUser(tx, user.id);
    const ids = orders.map((a) => a.id);
    const erasedFiles = await repo.eraseDocumentsOf(tx, ids, 'deletion');
    // No personal data in the audit: the actor's id, role and counts only.
    const actor = { userId: user.id, role: user.role };
    for (const id of ids) {
      const travelers = await repo.minimiseApplications(tx, [id]);
      await recordAudit(tx, {
        action: 'application.personal_data_erased',
        actor,
        entityId: id,
        applicationId: id,
        details: {
          travelers,
          documents: erasedFiles.filter((f) => f.applicationId === id).length,
        },
      });
    }
    // Their conversations with staff, and a guest's about their orders, go with the rest.
    await eraseSupportConversations({ tx, input: { userId: user.id, applicationIds: ids } });
    await repo.deleteEmailsTo(tx, address);
    const endedSessions = await repo.anonymiseUser(tx, user.id);
    await recordAudit(tx, {
      action: 'account.deleted',
      actor,
      entityId: user.id,
      details: { applications: ids.length, documents: erasedFiles.length, endedSessions },
    });
    await queueEmail({
      tx,
      input: {
        to: address,
        message: { template: 'account-deleted', payload: { applications: ids.length } },
        locale: user.locale,
      },
    });
    return erasedFiles.map((f) => f.storageKey);
  });
  ctx.pokeJobs('email');
  await removeFiles(ctx, storage, keys);
  return { deleted: true, message: ApiMessages['personalData.deleted'] };
}
