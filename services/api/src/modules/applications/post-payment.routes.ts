import multipart from '@fastify/multipart';
import {
  ApplicationDetail,
  ApplicationIdParams,
  DeclarationBody,
  DocumentParams,
  ErrorEnvelope,
  GeneralInfoBody,
  okEnvelope,
  PassportInfoBody,
  PersonalInfoBody,
  PostPaymentText,
  SubmitBody,
  SubmitResponse,
  TravelerDocumentParams,
  UploadLinkParams,
  UploadLinkResponse,
  UploadLinkRevokedResponse,
  UploadResponse,
  UploadTokenInfo,
  UploadTokenParams,
  withoutForbiddenCharacters,
  WizardText,
  WorkInfoBody,
} from '@waypoint/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import { applications, auditLog, type travelers } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { consumeRateLimits, type Limit } from '../../lib/rate-limit';
import { requireUser } from '../../plugins/session';
import {
  inspect,
  MAX_UPLOAD_BYTES,
  readDocument,
  storeDocument,
  UploadText,
} from '../documents/documents.service';
import type { DocumentKind } from '../documents/image-checks';
import { collectWhenIdle, defaultQueueLimits, ImageQueue } from '../documents/image-queue';
import { createStorage } from '../documents/storage';
import {
  claimUploadLink,
  createUploadLink,
  openUploadLink,
  releaseUploadLink,
  revokeUploadLink,
} from '../documents/upload-links.service';
import {
  applicationDetail,
  assertCountries,
  assertEditable,
  loadOwned,
  loadTraveler,
  passportDetailsMissing,
  passportDetailsValues,
  submitApplication,
  updateGeneralInfo,
  updateTraveler,
  type Caller,
} from './post-payment.service';

const errors = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  413: ErrorEnvelope,
  415: ErrorEnvelope,
  429: ErrorEnvelope,
};

/** Uploads per account and per network address, counted before the file is read. */
const UPLOAD_WINDOW_SECONDS = 10 * 60;
export const UPLOADS_PER_USER = 30;
export const UPLOADS_PER_IP = 60;
const uploadLimits = (owner: string, ip: string): Limit[] => [
  { key: `upload:user:${owner}`, max: UPLOADS_PER_USER, windowSeconds: UPLOAD_WINDOW_SECONDS },
  { key: `upload:ip:${ip}`, max: UPLOADS_PER_IP, windowSeconds: UPLOAD_WINDOW_SECONDS },
];
const kindOf = (param: 'passport-page' | 'photo'): 'PHOTO' | 'PASSPORT_PAGE' =>
  param === 'photo' ? 'PHOTO' : 'PASSPORT_PAGE';

/** The file of a multipart upload, refused with a clear message when too large, cut off or missing. */
async function readUpload(request: FastifyRequest) {
  let part;
  try {
    part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', UploadText.missing);
    throw new AppError(400, 'BAD_REQUEST', UploadText.truncated);
  }
  if (!part)
    throw new AppError(400, 'BAD_REQUEST', UploadText.missing, { file: UploadText.missing });
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', UploadText.tooLarge, {
        file: UploadText.tooLarge,
      });
    throw new AppError(400, 'BAD_REQUEST', UploadText.truncated, { file: UploadText.truncated });
  }
  if (part.file.truncated)
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', UploadText.tooLarge, {
      file: UploadText.tooLarge,
    });
  if (buffer.length === 0)
    throw new AppError(400, 'BAD_REQUEST', UploadText.missing, { file: UploadText.missing });
  // A file name is kept for the record only; characters the database cannot store are dropped.
  const filename = part.filename ? withoutForbiddenCharacters(part.filename) : '';
  return { buffer, filename: filename || null };
}

type ApplicationRow = typeof applications.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The application named by the path, loaded (and its ownership checked) before the request is validated. */
    ownedApplication: ApplicationRow | null;
  }
}

export async function postPaymentRoutes(app: FastifyInstance) {
  const { ctx, config } = app;
  const storage = createStorage(config);
  const queue = new ImageQueue(defaultQueueLimits(config.uploadWorkers), collectWhenIdle());
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 },
  });
  const tags = ['post-payment'];
  const caller = (request: FastifyRequest): Caller => ({
    user: requireUser(request),
    ip: request.ip,
  });
  /**
   * The shared path of an upload: rate limits, a place in the image queue (before the body is read, so waiting
   * bodies are bounded), the body, the header checks, then the decoding and checks in the queue's turn.
   */
  const receive = async <T>(
    request: FastifyRequest,
    owner: string,
    kind: DocumentKind,
    store: (upload: {
      buffer: Buffer;
      filename: string | null;
      run: <R>(work: () => Promise<R>) => Promise<R>;
    }) => Promise<T>,
  ): Promise<T> => {
    await consumeRateLimits(ctx.db, uploadLimits(owner, request.ip), UploadText.tooManyUploads);
    const ticket = queue.admit(owner);
    try {
      const { buffer, filename } = await readUpload(request);
      await inspect(kind, buffer);
      return await store({ buffer, filename, run: ticket.run });
    } finally {
      ticket.release();
    }
  };
  const detail = async (id: string) =>
    applicationDetail(
      ctx,
      (await ctx.db.select().from(applications).where(eq(applications.id, id)))[0]!,
    );

  // Everything under /api/application/:id belongs to a signed-in owner (or staff). Who is asking is settled
  // before the request is parsed or validated: 401 without a session, 404 for an application that is not
  // theirs, and only then 400 for a bad body.
  await app.register(async (owned) => {
    owned.decorateRequest('ownedApplication', null);
    owned.addHook('onRequest', async (request) => {
      const { id } = request.params as { id?: string };
      request.ownedApplication = await loadOwned(ctx, caller(request), id ?? '');
    });
    const r = owned.withTypeProvider<ZodTypeProvider>();
    const ownedApplication = (request: FastifyRequest) => request.ownedApplication!;
    r.get(
      '/api/application/:id',
      {
        schema: {
          tags,
          summary: 'A paid application with every traveller, section state and document',
          params: ApplicationIdParams,
          response: { 200: okEnvelope(ApplicationDetail), ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const application = ownedApplication(request);
        return { success: true as const, data: await applicationDetail(ctx, application) };
      },
    );

    r.put(
      '/api/application/:id/general-info',
      {
        schema: {
          tags,
          summary: 'Phone and notification preference',
          params: ApplicationIdParams,
          body: GeneralInfoBody,
          response: { 200: okEnvelope(ApplicationDetail), ...errors },
        },
      },
      async (request) => {
        const who = caller(request);
        const application = ownedApplication(request);
        assertEditable(application, who);
        const updated = await updateGeneralInfo(ctx, application, request.body);
        return { success: true as const, data: await applicationDetail(ctx, updated) };
      },
    );

    const travelerSection = <B extends { travelerId: string }>(
      path: string,
      summary: string,
      body: z.ZodType<B>,
      toValues: (
        b: B,
        traveler: typeof travelers.$inferSelect,
      ) => Promise<Partial<typeof travelers.$inferInsert>>,
    ) =>
      r.put(
        `/api/application/:id/${path}`,
        {
          schema: {
            tags,
            summary,
            params: ApplicationIdParams,
            body,
            response: { 200: okEnvelope(ApplicationDetail), ...errors },
          },
        },
        async (request) => {
          const who = caller(request);
          const application = ownedApplication(request);
          assertEditable(application, who);
          const b = request.body as B;
          const traveler = await loadTraveler(ctx, application, b.travelerId);
          await updateTraveler(ctx, traveler, await toValues(b, traveler));
          return { success: true as const, data: await detail(application.id) };
        },
      );

    travelerSection(
      'personal-info',
      "A traveller's personal information",
      PersonalInfoBody,
      async (b) => {
        await assertCountries(
          ctx,
          { countryOfBirth: b.countryOfBirth, residentCountry: b.residentCountry },
          'Please choose a country from the list',
        );
        return {
          countryOfBirth: b.countryOfBirth,
          residentCountry: b.residentCountry,
          gender: b.gender,
          residenceAddress: b.residenceAddress,
          cityTown: b.cityTown,
          personalCompletedAt: sql`now()` as unknown as Date,
        };
      },
    );
    travelerSection(
      'passport-info',
      "The country that issued a traveller's passport",
      PassportInfoBody,
      async (b, traveler) => {
        // A traveller who chose "add later" in the wizard gives the passport's details here.
        if (!b.passport && traveler.passportAddLater) throw passportDetailsMissing();
        await assertCountries(
          ctx,
          { issuingCountry: b.issuingCountry },
          PostPaymentText.issuingCountryRequired,
        );
        if (b.passport)
          await assertCountries(
            ctx,
            { 'passport.nationality': b.passport.nationality },
            WizardText.nationalityRequired,
          );
        return {
          passportIssuingCountry: b.issuingCountry,
          passportInfoCompletedAt: sql`now()` as unknown as Date,
          ...(b.passport ? passportDetailsValues(ctx, b.passport) : {}),
        };
      },
    );
    travelerSection('work-info', "A traveller's work", WorkInfoBody, async (b) => ({
      currentlyWorking: b.currentlyWorking,
      jobTitle: b.jobTitle || null,
      workCompletedAt: sql`now()` as unknown as Date,
    }));
    travelerSection('declaration', "A traveller's declaration", DeclarationBody, async (b) => ({
      hasConvictions: b.hasConvictions,
      convictionDetails: b.hasConvictions ? b.convictionDetails : null,
      hasTerroristActivities: b.hasTerroristActivities,
      declarationCompletedAt: sql`now()` as unknown as Date,
    }));

    r.post(
      '/api/application/:id/submit',
      {
        schema: {
          tags,
          summary:
            'Submit when every section and document is complete and the declaration is confirmed',
          params: ApplicationIdParams,
          body: SubmitBody,
          response: { 200: okEnvelope(SubmitResponse), ...errors },
        },
        config: { validationSummary: () => PostPaymentText.declarationRequired },
      },
      async (request) => {
        const who = caller(request);
        const application = ownedApplication(request);
        return {
          success: true as const,
          data: { application: await submitApplication(ctx, who, application, request.body) },
        };
      },
    );

    r.post(
      '/api/application/:id/travelers/:travelerId/documents/:kind',
      {
        schema: {
          tags,
          summary: 'Upload a passport page (image or PDF) or a photo (image); checked at once',
          params: TravelerDocumentParams,
          consumes: ['multipart/form-data'],
          response: { 200: okEnvelope(UploadResponse), ...errors },
        },
      },
      async (request) => {
        const who = caller(request);
        const application = ownedApplication(request);
        assertEditable(application, who);
        const traveler = await loadTraveler(ctx, application, request.params.travelerId);
        const kind = kindOf(request.params.kind);
        const document = await receive(request, application.userId ?? who.user.id, kind, (upload) =>
          storeDocument({
            ctx,
            storage,
            applicationId: application.id,
            travelerId: traveler.id,
            kind,
            ...upload,
            actor: { userId: who.user.id, role: who.user.role, ip: who.ip },
          }),
        );
        return { success: true as const, data: { document } };
      },
    );

    r.get(
      '/api/application/:id/documents/:documentId',
      {
        schema: {
          tags,
          summary: 'A stored document (owner and admins only)',
          params: DocumentParams,
        },
      },
      async (request, reply) => {
        const who = caller(request);
        const application = ownedApplication(request);
        const found = await readDocument(ctx, storage, application.id, request.params.documentId);
        if (!found) throw notFound('No such document');
        if (who.user.role === 'admin' && application.userId !== who.user.id) {
          await ctx.db.insert(auditLog).values({
            actorUserId: who.user.id,
            actorRole: 'admin',
            action: 'document.viewed',
            entityType: 'document',
            entityId: found.doc.id,
            applicationId: application.id,
            ip: who.ip,
            userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
          });
        }
        const name = `${found.doc.kind === 'PHOTO' ? 'photo' : 'passport-page'}.${found.doc.contentType === 'application/pdf' ? 'pdf' : 'jpg'}`;
        return reply
          .header('content-type', found.doc.contentType)
          .header('content-disposition', `inline; filename="${name}"`)
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .header(
            'content-security-policy',
            "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
          )
          .send(found.data);
      },
    );

    r.post(
      '/api/application/:id/travelers/:travelerId/upload-link/:kind',
      {
        schema: {
          tags,
          summary: 'A short-lived link to upload this document from a phone',
          params: TravelerDocumentParams,
          response: { 200: okEnvelope(UploadLinkResponse), ...errors },
        },
      },
      async (request) => {
        const who = caller(request);
        const application = ownedApplication(request);
        assertEditable(application, who);
        const traveler = await loadTraveler(ctx, application, request.params.travelerId);
        const { linkId, token, expiresAt } = await createUploadLink({
          ctx,
          input: {
            applicationId: application.id,
            travelerId: traveler.id,
            kind: kindOf(request.params.kind),
            userId: who.user.id,
            role: who.user.role,
            ip: who.ip,
          },
        });
        return {
          success: true as const,
          data: {
            linkId,
            url: `${config.publicUrl}/upload/${token}`,
            expiresAt: expiresAt.toISOString(),
          },
        };
      },
    );

    r.delete(
      '/api/application/:id/upload-links/:linkId',
      {
        schema: {
          tags,
          summary: "Closes a phone upload link before it expires (the computer's code was closed)",
          params: UploadLinkParams,
          response: { 200: okEnvelope(UploadLinkRevokedResponse), ...errors },
        },
      },
      async (request) => {
        const who = caller(request);
        const application = ownedApplication(request);
        const revoked = await revokeUploadLink({
          ctx,
          input: {
            applicationId: application.id,
            linkId: request.params.linkId,
            userId: who.user.id,
            role: who.user.role,
            ip: who.ip,
          },
        });
        return { success: true as const, data: { revoked } };
      },
    );
  });

  /**
   * The phone's side: the link's id alone allows one upload of one document of one traveller, for a short time.
   * The id is in the path; logs redact `/api/uploads/:token` (and the page `/upload/:token`).
   */
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/uploads/:token',
    {
      schema: {
        tags,
        summary: 'What a phone upload link is for',
        params: UploadTokenParams,
        response: { 200: okEnvelope(UploadTokenInfo), 404: ErrorEnvelope, 409: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { link, application, traveler } = await openUploadLink({
        ctx,
        input: { token: request.params.token },
      });
      return {
        success: true as const,
        data: {
          kind: link.kind === 'PHOTO' ? ('photo' as const) : ('passport-page' as const),
          reference: application.reference,
          travelerName: `${traveler.firstName} ${traveler.lastName}`,
          expiresAt: link.expiresAt.toISOString(),
        },
      };
    },
  );
  r.post(
    '/api/uploads/:token',
    {
      schema: {
        tags,
        summary: 'Upload from a phone with its link (one upload per link)',
        params: UploadTokenParams,
        consumes: ['multipart/form-data'],
        response: { 200: okEnvelope(UploadResponse), ...errors },
      },
    },
    async (request) => {
      const opened = await openUploadLink({ ctx, input: { token: request.params.token } });
      const { link, application } = opened;
      const owner = application.userId ?? application.id;
      const document = await receive(request, owner, link.kind, async (upload) => {
        await claimUploadLink({ ctx, input: opened });
        try {
          return await storeDocument({
            ctx,
            storage,
            applicationId: application.id,
            travelerId: link.travelerId,
            kind: link.kind,
            ...upload,
            actor: { userId: null, role: 'phone-link', ip: request.ip },
            uploadLinkId: link.id,
          });
        } catch (err) {
          await releaseUploadLink({ ctx, input: opened });
          throw err;
        }
      });
      return { success: true as const, data: { document } };
    },
  );
}
