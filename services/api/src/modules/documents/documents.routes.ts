import multipart from '@fastify/multipart';
import {
  ApplicationDetail,
  ApplicationIdParams,
  DecisionDocumentFields,
  DecisionDocumentResponse,
  DocumentParams,
  ErrorCode,
  MrzKeepBody,
  okEnvelope,
  TravelerDocumentParams,
  UploadLinkParams,
  UploadLinkResponse,
  UploadLinkRevokedResponse,
  UploadResponse,
  UploadTokenInfo,
  UploadTokenParams,
  withoutForbiddenCharacters,
} from '@waypoint/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { errorResponses, ok } from '../../lib/reply';
import {
  applicationOf,
  applicationScope,
  callerOf,
  staffScope,
  userOf,
} from '../../plugins/scopes';
import { applicationDetail } from '../applications/application-detail.service';
import { loadTraveler } from '../applications/post-payment.service';
import {
  countUpload,
  inspect,
  MAX_UPLOAD_BYTES,
  openDocument,
  storeDecisionDocument,
  storeDocument,
} from './documents.service';
import type { DocumentKind } from './image-checks';
import { findMrzDocument, keepEnteredValues } from './mrz.service';
import {
  claimUploadLink,
  createUploadLink,
  openUploadLink,
  releaseUploadLink,
  revokeUploadLink,
} from './upload-links.service';

const errors = errorResponses(400, 401, 404, 409, 413, 415, 429);

const kindOf = (param: 'passport-page' | 'photo'): DocumentKind =>
  param === 'photo' ? 'PHOTO' : 'PASSPORT_PAGE';

/** The file of a multipart upload, refused with a clear message when too large, cut off or missing. */
async function readUpload(request: FastifyRequest) {
  let part;
  try {
    part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'upload.missing');
    throw badRequest('upload.truncated');
  }
  if (!part) throw badRequest('upload.missing', { file: 'upload.missing' });
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'upload.tooLarge', {
        fieldErrors: { file: 'upload.tooLarge' },
      });
    throw badRequest('upload.truncated', { file: 'upload.truncated' });
  }
  if (part.file.truncated)
    throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'upload.tooLarge', {
      fieldErrors: { file: 'upload.tooLarge' },
    });
  if (buffer.length === 0) throw badRequest('upload.missing', { file: 'upload.missing' });
  // A file name is kept for the record only; characters the database cannot store are dropped.
  const filename = part.filename ? withoutForbiddenCharacters(part.filename) : '';
  // The text fields sent before the file (e.g. whose decision document it is).
  const fields = Object.fromEntries(
    Object.entries(part.fields).flatMap(([name, field]) =>
      field && !Array.isArray(field) && field.type === 'field' && typeof field.value === 'string'
        ? [[name, field.value]]
        : [],
    ),
  );
  return { buffer, filename: filename || null, fields };
}

/** Uploads of passport pages and photos: from the application's own pages, and from a phone through its link. */
export async function documentsRoutes(app: FastifyInstance) {
  const { ctx, config } = app;
  const { storage, uploads } = ctx;
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 },
  });
  const tags = ['post-payment'];
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
      fields: Record<string, string>;
      run: <R>(work: () => Promise<R>) => Promise<R>;
    }) => Promise<T>,
  ): Promise<T> => {
    await countUpload({ ctx, input: { owner, ip: request.ip } });
    const ticket = uploads.admit(owner);
    try {
      const { buffer, filename, fields } = await readUpload(request);
      await inspect(kind, buffer);
      return await store({ buffer, filename, fields, run: ticket.run });
    } finally {
      ticket.release();
    }
  };

  // The government's decision documents: staff only.
  await app.register(async (staffOnly) => {
    staffScope(staffOnly);
    staffOnly.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/applications/:id/decision-documents',
      {
        schema: {
          tags: ['admin'],
          summary:
            "Upload the government's decision document (PDF or picture) for a traveller of a lodged application; " +
            'multipart: the field travelerId, then the file',
          params: ApplicationIdParams,
          consumes: ['multipart/form-data'],
          response: { 200: okEnvelope(DecisionDocumentResponse), ...errors },
        },
      },
      async (request) => {
        const staff = userOf(request);
        // A PDF or a picture, as a passport page may be.
        const document = await receive(request, staff.id, 'PASSPORT_PAGE', async (upload) => {
          const fields = DecisionDocumentFields.safeParse(upload.fields);
          if (!fields.success)
            throw badRequest('postPayment.unknownTraveler', {
              travelerId: 'postPayment.unknownTraveler',
            });
          return storeDecisionDocument({
            ctx,
            storage,
            input: {
              applicationId: request.params.id,
              travelerId: fields.data.travelerId,
              buffer: upload.buffer,
              filename: upload.filename,
            },
            staff,
            caller: callerOf(request),
            run: upload.run,
          });
        });
        return ok({ document });
      },
    );
  });

  // An application's own documents: in the application scope (its owner, or staff).
  await app.register(async (owned) => {
    applicationScope(owned);
    const r = owned.withTypeProvider<ZodTypeProvider>();

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
        config: { editable: true },
      },
      async (request) => {
        const user = userOf(request);
        const application = applicationOf(request);
        const traveler = await loadTraveler({
          ctx,
          input: { application, travelerId: request.params.travelerId },
        });
        const kind = kindOf(request.params.kind);
        const document = await receive(request, application.userId ?? user.id, kind, (upload) =>
          storeDocument({
            ctx,
            storage,
            input: {
              applicationId: application.id,
              travelerId: traveler.id,
              kind,
              buffer: upload.buffer,
              filename: upload.filename,
            },
            user,
            caller: callerOf(request),
            run: upload.run,
          }),
        );
        return ok({ document });
      },
    );

    r.post(
      '/api/application/:id/documents/:documentId/mrz/keep',
      {
        schema: {
          tags,
          summary:
            "Keeps the traveller's own passport details where the passport page's MRZ reads otherwise",
          params: DocumentParams,
          body: MrzKeepBody,
          response: { 200: okEnvelope(ApplicationDetail), ...errors },
        },
        config: { editable: true },
      },
      async (request) => {
        const application = applicationOf(request);
        const doc = await findMrzDocument({
          ctx,
          input: { applicationId: application.id, documentId: request.params.documentId },
        });
        if (!doc) throw notFound('document.notFound');
        await keepEnteredValues({
          ctx,
          input: { doc, fields: request.body.fields },
          user: userOf(request),
          caller: callerOf(request),
        });
        return ok(await applicationDetail({ ctx, input: { application } }));
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
        const found = await openDocument({
          ctx,
          storage,
          input: { application: applicationOf(request), documentId: request.params.documentId },
          user: userOf(request),
          caller: callerOf(request),
        });
        if (!found) throw notFound('document.notFound');
        return reply
          .header('content-type', found.doc.contentType)
          .header('content-disposition', `inline; filename="${found.filename}"`)
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
        config: { editable: true },
      },
      async (request) => {
        const application = applicationOf(request);
        const traveler = await loadTraveler({
          ctx,
          input: { application, travelerId: request.params.travelerId },
        });
        const { linkId, token, expiresAt } = await createUploadLink({
          ctx,
          input: {
            applicationId: application.id,
            travelerId: traveler.id,
            kind: kindOf(request.params.kind),
          },
          user: userOf(request),
          caller: callerOf(request),
        });
        return ok({
          linkId,
          url: `${config.publicUrl}/upload/${token}`,
          expiresAt: expiresAt.toISOString(),
        });
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
        const revoked = await revokeUploadLink({
          ctx,
          input: { applicationId: applicationOf(request).id, linkId: request.params.linkId },
          user: userOf(request),
          caller: callerOf(request),
        });
        return ok({ revoked });
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
        response: { 200: okEnvelope(UploadTokenInfo), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { link, application, traveler } = await openUploadLink({
        ctx,
        input: { token: request.params.token },
      });
      return ok({
        kind: link.kind === 'PHOTO' ? ('photo' as const) : ('passport-page' as const),
        reference: application.reference,
        travelerName: `${traveler.firstName} ${traveler.lastName}`,
        expiresAt: link.expiresAt.toISOString(),
      });
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
            input: {
              applicationId: application.id,
              travelerId: link.travelerId,
              kind: link.kind,
              buffer: upload.buffer,
              filename: upload.filename,
              uploadLinkId: link.id,
            },
            user: null,
            caller: callerOf(request),
            run: upload.run,
          });
        } catch (err) {
          await releaseUploadLink({ ctx, input: opened });
          throw err;
        }
      });
      return ok({ document });
    },
  );
}
