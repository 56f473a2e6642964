import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { ErrorCode, type DocumentSummary } from '@waypoint/contracts';
import { applications, auditLog, documents, travelers } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { toDocumentSummary } from '../applications/post-payment.service';
import { checkImage, MAX_INPUT_PIXELS, type DocumentKind } from './image-checks';
import type { FileStorage } from './storage';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const UploadText = {
  tooLarge: 'The file is larger than 10 MB. Please upload a smaller picture.',
  truncated: 'The upload was cut off before it finished. Please try again.',
  missing: 'Please choose a file to upload.',
  wrongType: 'Please upload a JPEG, PNG or WebP picture (or a PDF for the passport page).',
  photoNotPdf: 'The photo must be a picture (JPEG, PNG or WebP), not a PDF.',
  unreadable: 'We could not read this picture. Please take it again or choose another file.',
  tooManyPixels: 'This picture has too many pixels to process. Please upload a smaller one.',
} as const;

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

const bad = (message: string, status = 400) =>
  new AppError(status, ErrorCode.BAD_REQUEST, message, { file: message });

interface Prepared {
  data: Buffer;
  contentType: string;
  extension: 'jpg' | 'pdf';
  width: number | null;
  height: number | null;
}

/** Decodes and re-encodes a picture (upright, metadata such as GPS removed); PDFs pass as they are. */
export async function prepare(kind: DocumentKind, buffer: Buffer): Promise<Prepared> {
  const type = sniff(buffer);
  if (!type) throw bad(UploadText.wrongType, 415);
  if (type === 'pdf') {
    if (kind === 'PHOTO') throw bad(UploadText.photoNotPdf, 415);
    if (!buffer.includes(Buffer.from('%%EOF'))) throw bad(UploadText.truncated);
    return {
      data: buffer,
      contentType: 'application/pdf',
      extension: 'pdf',
      width: null,
      height: null,
    };
  }
  try {
    const { data, info } = await sharp(buffer, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'truncated',
    })
      .rotate()
      .jpeg({ quality: 90, mozjpeg: true })
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
    if (/pixel limit/i.test(message)) throw bad(UploadText.tooManyPixels, 413);
    throw bad(UploadText.unreadable);
  }
}

/**
 * Stores an upload for a traveller with its automated review. An accepted document replaces the earlier
 * accepted one; a rejected one leaves it in place.
 */
export async function storeDocument({
  ctx,
  storage,
  applicationId,
  travelerId,
  kind,
  buffer,
  filename,
  actor,
}: {
  ctx: ServiceContext;
  storage: FileStorage;
  applicationId: string;
  travelerId: string;
  kind: DocumentKind;
  buffer: Buffer;
  filename: string | null;
  actor: { userId: string | null; role: string; ip: string };
}): Promise<DocumentSummary> {
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
  const accepted = checks.every((c) => c.passed);
  const id = crypto.randomUUID();
  const storageKey = `applications/${applicationId}/${travelerId}/${id}.${prepared.extension}`;
  await storage.put(storageKey, prepared.data);
  const row = await ctx.db.transaction(async (tx) => {
    if (accepted) {
      await tx
        .update(documents)
        .set({ status: 'REPLACED' })
        .where(
          and(
            eq(documents.travelerId, travelerId),
            eq(documents.kind, kind),
            eq(documents.status, 'ACCEPTED'),
          ),
        );
    }
    const [doc] = await tx
      .insert(documents)
      .values({
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
        originalFilename: filename?.slice(0, 200) ?? null,
        checkResults: checks,
        decidedAt: sql`now()`,
      })
      .returning();
    await tx
      .update(travelers)
      .set({ updatedAt: sql`now()` })
      .where(eq(travelers.id, travelerId));
    await tx
      .update(applications)
      .set({ updatedAt: sql`now()` })
      .where(eq(applications.id, applicationId));
    await tx.insert(auditLog).values({
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: accepted ? 'document.accepted' : 'document.rejected',
      entityType: 'document',
      entityId: id,
      applicationId,
      details: { kind, travelerId, failed: checks.filter((c) => !c.passed).map((c) => c.id) },
      ip: actor.ip,
    });
    return doc!;
  });
  return toDocumentSummary(applicationId, row);
}

export async function readDocument(
  ctx: ServiceContext,
  storage: FileStorage,
  applicationId: string,
  documentId: string,
) {
  if (!/^[0-9a-f-]{36}$/i.test(documentId)) return null;
  const doc = (
    await ctx.db
      .select()
      .from(documents)
      .where(and(eq(documents.id, documentId), eq(documents.applicationId, applicationId)))
  )[0];
  if (!doc) return null;
  return { doc, data: await storage.get(doc.storageKey) };
}

/** A signed, single-purpose link for uploading one document from a phone, valid for a short time. */
export const UPLOAD_LINK_MINUTES = 30;

export function signUploadToken(
  key: string,
  claims: { a: string; t: string; k: DocumentKind },
  now = Date.now(),
) {
  const payload = Buffer.from(
    JSON.stringify({ ...claims, e: Math.floor(now / 1000) + UPLOAD_LINK_MINUTES * 60 }),
  ).toString('base64url');
  const mac = crypto
    .createHmac('sha256', Buffer.from(key, 'base64'))
    .update(payload)
    .digest('base64url');
  return `${payload}.${mac}`;
}

export function verifyUploadToken(key: string, token: string, now = Date.now()) {
  const [payload, mac] = token.split('.');
  if (!payload || !mac) return null;
  const expected = crypto
    .createHmac('sha256', Buffer.from(key, 'base64'))
    .update(payload)
    .digest('base64url');
  if (
    expected.length !== mac.length ||
    !crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(mac))
  )
    return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      a: string;
      t: string;
      k: DocumentKind;
      e: number;
    };
    if (claims.e * 1000 < now) return null;
    return claims;
  } catch {
    return null;
  }
}
