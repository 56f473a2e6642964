import crypto from 'node:crypto';
import sharp from 'sharp';
import {
  apiMessage,
  ApiMessages,
  ErrorCode,
  type ApiMessageRef,
  type DecisionDocument,
  type DocumentSummary,
} from '@waypoint/contracts';
import type { ApplicationRow, UserRow } from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import { AppError, conflict, notFound, validationFailed, type Message } from '../../lib/errors';
import { isStaff } from '../../lib/roles';
import { travelersOf } from '../applications/order-lookup.service';
import { toDocumentSummary } from '../applications/application-detail.service';
import { onLockedOrder } from '../applications/order-lock.service';
import { assertEditable } from '../applications/post-payment.service';
import { assertChangeAllowed, markChanged } from '../applications/casework.service';
import { consumeRateLimits } from '../../lib/rate-limit';
import { actorOf, recordAudit } from '../audit/audit.repo';
import { publishApplicationEvent } from '../events/events.service';
import * as repo from './documents.repo';
import { checkImage, MAX_INPUT_PIXELS, type DocumentKind } from './image-checks';
import { MAX_PDF_PAGES, PdfRefused, sanitisePdf } from './pdf-sanitise';
import { StoredObjectMissing } from '../../lib/file-storage';
import { enqueueJob } from '../../lib/jobs';
import type { FileStorage } from './storage';
import type { AttachmentsOf } from '../notifications/attachments';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const UploadText = {
  tooLarge: ApiMessages['upload.tooLarge'],
  truncated: ApiMessages['upload.truncated'],
  missing: ApiMessages['upload.missing'],
  wrongType: ApiMessages['upload.wrongType'],
  photoNotPdf: ApiMessages['upload.photoNotPdf'],
  unreadable: ApiMessages['upload.unreadable'],
  tooManyPixels: ApiMessages['upload.tooManyPixels'],
  tooManyUploads: ApiMessages['upload.tooManyUploads'],
  pdfEncrypted: ApiMessages['upload.pdfEncrypted'],
  pdfUnreadable: ApiMessages['upload.pdfUnreadable'],
  pdfTooManyPages: apiMessage('upload.pdfTooManyPages', { maxPages: MAX_PDF_PAGES }),
} as const;

/** "This picture is 39.7 megapixels (7000 × 5670); …" for a picture over the limit. */
export function tooManyPixelsText(width: number, height: number) {
  const { key, params } = tooManyPixelsMessage(width, height);
  return apiMessage(key, params);
}

/** The catalog key and parameters of {@link tooManyPixelsText}. */
export function tooManyPixelsMessage(width: number, height: number) {
  const megapixels = ((width * height) / 1_000_000).toFixed(1);
  return {
    key: 'upload.tooManyPixelsDetail',
    params: { megapixels, width, height, maxMegapixels: MAX_INPUT_PIXELS / 1_000_000 },
  } satisfies ApiMessageRef;
}

/**
 * sharp keeps no cache of decoded images between uploads (memory returns once an upload is done), and each
 * picture uses one thread: the image queue decides how many pictures are worked on at once.
 */
sharp.cache(false);
sharp.concurrency(1);

type Sniffed = 'jpeg' | 'png' | 'webp' | 'pdf' | null;

/** What the bytes are: the name and declared type of an upload are not trusted. */
export function sniff(buffer: Buffer): Sniffed {
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff)
    return 'jpeg';
  if (
    buffer.length >= 8 &&
    buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    buffer.length >= 12 &&
    buffer.toString('ascii', 0, 4) === 'RIFF' &&
    buffer.toString('ascii', 8, 12) === 'WEBP'
  )
    return 'webp';
  if (buffer.length >= 5 && buffer.toString('ascii', 0, 5) === '%PDF-') return 'pdf';
  return null;
}

/** A refused file: 400, or 413 / 415 with their own codes when it is too large or of the wrong type. */
const bad = (
  message: Message,
  code: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' = ErrorCode.BAD_REQUEST,
) => new AppError(code, message, { fieldErrors: { file: message } });

interface Prepared {
  data: Buffer;
  contentType: string;
  extension: 'jpg' | 'pdf';
  width: number | null;
  height: number | null;
}

/**
 * The cheap checks, before an upload waits for a worker: what the bytes are, and for a picture its size read
 * from the file's header alone (nothing is decoded), refused above {@link MAX_INPUT_PIXELS}.
 */
export async function inspect(kind: DocumentKind, buffer: Buffer): Promise<'image' | 'pdf'> {
  const type = sniff(buffer);
  if (!type) throw bad('upload.wrongType', ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  if (type === 'pdf') {
    if (kind === 'PHOTO') throw bad('upload.photoNotPdf', ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    if (!buffer.includes(Buffer.from('%%EOF'))) throw bad('upload.truncated');
    return 'pdf';
  }
  let meta: sharp.Metadata;
  try {
    meta = await sharp(buffer).metadata();
  } catch {
    throw bad('upload.unreadable');
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!width || !height) throw bad('upload.unreadable');
  if (width * height > MAX_INPUT_PIXELS)
    throw bad(tooManyPixelsMessage(width, height), ErrorCode.PAYLOAD_TOO_LARGE);
  return 'image';
}

/**
 * Decodes and re-encodes a picture (upright, metadata such as GPS removed); re-builds a PDF from its pages
 * (no scripts, actions, forms or attachments). Call {@link inspect} first.
 */
export async function prepare(kind: DocumentKind, buffer: Buffer): Promise<Prepared> {
  if ((await inspect(kind, buffer)) === 'pdf') {
    let data: Buffer;
    try {
      data = await sanitisePdf(buffer);
    } catch (err) {
      const reason = err instanceof PdfRefused ? err.reason : 'unreadable';
      if (reason === 'encrypted') throw bad('upload.pdfEncrypted');
      if (reason === 'too-many-pages')
        throw bad({ key: 'upload.pdfTooManyPages', params: { maxPages: MAX_PDF_PAGES } });
      throw bad('upload.pdfUnreadable');
    }
    return { data, contentType: 'application/pdf', extension: 'pdf', width: null, height: null };
  }
  try {
    // limitInputPixels stays as a second guard behind the header check in inspect(). The JPEG is written as it
    // is decoded: no mozjpeg (8× slower on a 25 MP picture for ~6% smaller files) and no optimised Huffman
    // tables (which keep the whole picture's coefficients in memory: +75 MB per 25 MP upload).
    const { data, info } = await sharp(buffer, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'truncated',
    })
      .autoOrient()
      .jpeg({ quality: 90, optimiseCoding: false })
      .toBuffer({ resolveWithObject: true });
    return {
      data,
      contentType: 'image/jpeg',
      extension: 'jpg',
      width: info.width,
      height: info.height,
    };
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(message))
      throw bad('upload.tooManyPixels', ErrorCode.PAYLOAD_TOO_LARGE);
    throw bad('upload.unreadable');
  }
}

/** Prepares and checks an upload: the expensive part, run inside the image queue. */
export async function processUpload(kind: DocumentKind, buffer: Buffer) {
  const prepared = await prepare(kind, buffer);
  const checks =
    prepared.contentType === 'application/pdf'
      ? [
          {
            id: 'format',
            passed: true,
            message: 'PDF received. Our team checks PDF pages by hand before submitting.',
          },
        ]
      : await checkImage(kind, prepared.data);
  return { prepared, checks };
}

/** Uploads per account and per network address, counted before the file is read. */
const UPLOAD_WINDOW_SECONDS = 10 * 60;
export const UPLOADS_PER_USER = 30;
export const UPLOADS_PER_IP = 60;

/** Counts an upload against its owner's and its address's limits (429 once either is spent). */
export async function countUpload({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { owner: string; ip: string };
}) {
  await consumeRateLimits(
    ctx.rateLimits,
    [
      {
        key: `upload:user:${input.owner}`,
        max: UPLOADS_PER_USER,
        windowSeconds: UPLOAD_WINDOW_SECONDS,
      },
      { key: `upload:ip:${input.ip}`, max: UPLOADS_PER_IP, windowSeconds: UPLOAD_WINDOW_SECONDS },
    ],
    'upload.tooManyUploads',
  );
}

/**
 * No file is kept without its row: a refused or failed record (the order closed, or its account deleted,
 * meanwhile) takes its file away with it.
 */
async function removeUnrecorded(ctx: ServiceContext, storage: FileStorage, storageKey: string) {
  await storage
    .delete(storageKey)
    .catch((cause: unknown) =>
      ctx.log.error(
        { storageKey, err: { message: (cause as Error).message } },
        'an upload without its record could not be removed from storage',
      ),
    );
}

/**
 * Stores an upload for a traveller with its automated review. An accepted document replaces the earlier
 * accepted one; a rejected one leaves it in place.
 */
export async function storeDocument({
  ctx,
  storage,
  input,
  user,
  caller,
  run = (work) => work(),
}: {
  ctx: ServiceContext;
  storage: FileStorage;
  input: {
    applicationId: string;
    travelerId: string;
    kind: DocumentKind;
    buffer: Buffer;
    filename: string | null;
    /** The phone link the upload came through: it records the document in the same transaction. */
    uploadLinkId?: string;
  };
  /** The signed-in uploader; null for a phone uploading through its link. */
  user: UserRow | null;
  caller: Caller;
  /** Runs the decoding and checks (the image queue's turn). */
  run?: <T>(work: () => Promise<T>) => Promise<T>;
}): Promise<DocumentSummary> {
  const { applicationId, travelerId, kind, uploadLinkId } = input;
  const { prepared, checks } = await run(() => processUpload(kind, input.buffer));
  const accepted = checks.every((c) => c.passed);
  const id = crypto.randomUUID();
  // A passport page's MRZ is read by a worker's job, queued with the page (the upload's answer does not wait).
  const mrz =
    ctx.config.mrzReading && kind === 'PASSPORT_PAGE' && prepared.contentType === 'image/jpeg';
  const storageKey = `applications/${applicationId}/${travelerId}/${id}.${prepared.extension}`;
  await storage.put(storageKey, prepared.data);
  let row: Awaited<ReturnType<typeof repo.insertDocument>>;
  try {
    row = await onLockedOrder(ctx, applicationId, async (order, tx) => {
      // On the order as it is once locked: a refund, a submission or an erasure that came first is seen.
      if (order.personalDataErasedAt || order.documentsErasedAt)
        throw conflict('postPayment.readOnly');
      const target = {
        travelerId,
        section: kind === 'PHOTO' ? ('applicants-photo' as const) : ('passport-page' as const),
      };
      if (user) assertEditable(order, user);
      else if (order.status !== 'IN_PROGRESS' && order.status !== 'CHANGES_REQUESTED')
        throw notFound('uploadLink.closed');
      // While changes are requested, only a flagged document; an accepted one makes the change.
      await assertChangeAllowed(tx, order, user, target);
      if (accepted) await markChanged(tx, order, target);
      const doc = await repo.insertDocument(
        tx,
        {
          id,
          applicationId,
          travelerId,
          kind,
          status: accepted ? 'ACCEPTED' : 'REJECTED',
          storageKey,
          contentType: prepared.contentType,
          sizeBytes: prepared.data.length,
          width: prepared.width,
          height: prepared.height,
          sha256: crypto.createHash('sha256').update(prepared.data).digest('hex'),
          originalFilename: input.filename?.slice(0, 200) ?? null,
          checkResults: checks,
          mrzStatus: mrz ? 'pending' : null,
        },
        uploadLinkId,
      );
      if (mrz) await enqueueJob(tx, 'passport-read', { documentId: id, travelerId });
      await recordAudit(tx, {
        action: accepted ? 'document.accepted' : 'document.rejected',
        actor: user ? actorOf(user, caller) : { userId: null, role: 'phone-link', ip: caller.ip },
        entityId: id,
        applicationId,
        details: {
          kind,
          travelerId,
          failed: checks.filter((c) => !c.passed).map((c) => c.id),
          ...(uploadLinkId ? { uploadLinkId } : {}),
        },
      });
      // The owner's open pages (the computer waiting for a phone's upload) show it once this commits.
      await publishApplicationEvent({
        tx,
        input: {
          applicationId,
          event: {
            type: 'document',
            applicationId,
            travelerId,
            kind: kind === 'PHOTO' ? 'photo' : 'passport-page',
            status: accepted ? 'ACCEPTED' : 'REJECTED',
          },
        },
      });
      return doc;
    });
  } catch (err) {
    await removeUnrecorded(ctx, storage, storageKey);
    throw err;
  }
  if (mrz) {
    ctx.pokeJobs('passport-read');
    return toDocumentSummary(applicationId, row, { status: 'pending', read: null, mismatches: [] });
  }
  return toDocumentSummary(applicationId, row);
}

/**
 * A document's bytes. A file the storage has lost (a record whose file is gone) answers 404 with its own message,
 * and is logged as an error with the document's id: it needs looking into.
 */
async function readStoredFile(
  ctx: ServiceContext,
  storage: FileStorage,
  doc: { id: string; applicationId: string; kind: string; storageKey: string },
): Promise<Buffer> {
  try {
    return await storage.get(doc.storageKey);
  } catch (err) {
    if (!(err instanceof StoredObjectMissing)) throw err;
    ctx.log.error(
      { documentId: doc.id, applicationId: doc.applicationId, kind: doc.kind },
      "a stored document's file is missing",
    );
    throw notFound('document.fileMissing');
  }
}

/**
 * A stored document of an application with its bytes and the file name it is sent with, or null. A member of
 * staff looking at a traveller's document is audited.
 */
export async function openDocument({
  ctx,
  storage,
  input,
  user,
  caller,
}: {
  ctx: ServiceContext;
  storage: FileStorage;
  input: { application: ApplicationRow; documentId: string };
  user: UserRow;
  caller: Caller;
}) {
  const { application } = input;
  if (!/^[0-9a-f-]{36}$/i.test(input.documentId)) return null;
  const doc = await repo.findDocument(ctx.db, application.id, input.documentId);
  if (!doc) return null;
  // A decision document reaches the traveller once the outcome is recorded with it.
  if (doc.kind === 'DECISION' && doc.status !== 'ACCEPTED' && !isStaff(user.role)) return null;
  const data = await readStoredFile(ctx, storage, doc);
  if (isStaff(user.role) && application.userId !== user.id) {
    await recordAudit(ctx.db, {
      action: 'document.viewed',
      actor: actorOf(user, caller),
      entityId: doc.id,
      applicationId: application.id,
      details: { kind: doc.kind },
    });
  }
  const base = { PHOTO: 'photo', PASSPORT_PAGE: 'passport-page', DECISION: 'decision' }[doc.kind];
  const name = `${base}.${doc.contentType === 'application/pdf' ? 'pdf' : 'jpg'}`;
  return { doc, data, filename: name };
}

/**
 * Stores the government's decision document for a traveller of a lodged order (a PDF or picture staff upload:
 * rebuilt like the travellers' uploads, no automated checks). It waits, PENDING, until the outcome is recorded
 * with it.
 */
export async function storeDecisionDocument({
  ctx,
  storage,
  input,
  staff,
  caller,
  run = (work) => work(),
}: {
  ctx: ServiceContext;
  storage: FileStorage;
  input: { applicationId: string; travelerId: string; buffer: Buffer; filename: string | null };
  staff: UserRow;
  caller: Caller;
  run?: <T>(work: () => Promise<T>) => Promise<T>;
}): Promise<DecisionDocument> {
  const { applicationId, travelerId } = input;
  // As a passport page's: a PDF or a picture.
  const prepared = await run(() => prepare('PASSPORT_PAGE', input.buffer));
  const id = crypto.randomUUID();
  const storageKey = `applications/${applicationId}/${travelerId}/${id}.${prepared.extension}`;
  await storage.put(storageKey, prepared.data);
  try {
    return await onLockedOrder(ctx, applicationId, async (order, tx) => {
      if (order.personalDataErasedAt || order.documentsErasedAt)
        throw conflict('admin.personalDataErased');
      if (order.status !== 'LODGED') throw conflict('casework.notLodged');
      const people = await travelersOf({ db: tx, input: { applicationId } });
      if (!people.some((t) => t.id === travelerId))
        throw validationFailed('postPayment.unknownTraveler', {
          travelerId: 'postPayment.unknownTraveler',
        });
      const doc = await repo.insertDocument(
        tx,
        {
          id,
          applicationId,
          travelerId,
          kind: 'DECISION',
          status: 'PENDING',
          storageKey,
          contentType: prepared.contentType,
          sizeBytes: prepared.data.length,
          width: prepared.width,
          height: prepared.height,
          sha256: crypto.createHash('sha256').update(prepared.data).digest('hex'),
          originalFilename: input.filename?.slice(0, 200) ?? null,
          checkResults: [],
        },
        undefined,
      );
      await recordAudit(tx, {
        action: 'document.decision_uploaded',
        actor: actorOf(staff, caller),
        entityId: id,
        applicationId,
        details: { travelerId, contentType: prepared.contentType },
      });
      return {
        id: doc.id,
        contentType: doc.contentType,
        filename: doc.originalFilename,
        url: `/api/application/${applicationId}/documents/${doc.id}`,
      };
    });
  } catch (err) {
    await removeUnrecorded(ctx, storage, storageKey);
    throw err;
  }
}

/**
 * The files a decision's e-mail carries, read from storage when it is sent: the decision documents recorded with
 * the outcome (none once they were erased).
 */
export function decisionAttachments(storage: FileStorage): AttachmentsOf {
  return async (db, message) => {
    if (message.template !== 'decision' || message.payload.documentIds.length === 0) return [];
    const docs = await repo.decisionDocuments(
      db,
      message.payload.applicationId,
      message.payload.documentIds,
    );
    return Promise.all(
      docs.map(async (doc, i) => ({
        filename: `decision-${i + 1}.${doc.contentType === 'application/pdf' ? 'pdf' : 'jpg'}`,
        contentType: doc.contentType,
        content: await storage.get(doc.storageKey),
      })),
    );
  };
}
