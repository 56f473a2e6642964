import { ApplicationIdParams, text } from '@waypoint/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/reply';
import {
  applicationOf,
  applicationScope,
  callerOf,
  staffScope,
  userOf,
} from '../../plugins/scopes';
import {
  creditNoteForOwner,
  creditNoteForStaff,
  receiptForOwner,
  receiptForStaff,
  type ReceiptFile,
} from './receipts.service';

const errors = errorResponses(401, 403, 404);

/** An order and one of its credit notes, by number (CN-2026-000001). */
const CreditNoteParams = ApplicationIdParams.extend({
  number: text().regex(/^CN-\d{4}-\d{6,}$/),
});

/** A PDF answered as a download named after the receipt's number; never cached (it names people and a card). */
function sendReceipt(reply: FastifyReply, file: ReceiptFile) {
  return reply
    .type('application/pdf')
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(Buffer.from(file.pdf));
}

/**
 * Invoices (receipts) of paid orders and credit notes of their refunds as PDF: the owner's under /api/application/:id (the application scope answers 404 for
 * someone else's), staff's under /api/admin (audited). An unpaid order has none: 404.
 */
export async function receiptsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  await app.register(async (owned) => {
    applicationScope(owned);
    owned.withTypeProvider<ZodTypeProvider>().get(
      '/api/application/:id/receipt',
      {
        schema: {
          tags: ['receipts'],
          summary: "The receipt of the signed-in traveller's paid order, as a PDF",
          params: ApplicationIdParams,
          produces: ['application/pdf'],
          response: errors,
        },
      },
      async (request, reply) =>
        sendReceipt(reply, await receiptForOwner({ ctx, application: applicationOf(request) })),
    );
    owned.withTypeProvider<ZodTypeProvider>().get(
      '/api/application/:id/credit-notes/:number',
      {
        schema: {
          tags: ['receipts'],
          summary: "A credit note of the signed-in traveller's refunded order, as a PDF",
          params: CreditNoteParams,
          produces: ['application/pdf'],
          response: errors,
        },
      },
      async (request, reply) =>
        sendReceipt(
          reply,
          await creditNoteForOwner({
            ctx,
            application: applicationOf(request),
            input: { number: request.params.number },
          }),
        ),
    );
  });

  await app.register(async (staff) => {
    staffScope(staff);
    staff.withTypeProvider<ZodTypeProvider>().get(
      '/api/admin/applications/:id/receipt',
      {
        schema: {
          tags: ['admin'],
          summary: "An order's receipt as a PDF (the download is audited)",
          params: ApplicationIdParams,
          produces: ['application/pdf'],
          response: errors,
        },
      },
      async (request, reply) =>
        sendReceipt(
          reply,
          await receiptForStaff({
            ctx,
            staff: userOf(request),
            caller: callerOf(request),
            input: request.params,
          }),
        ),
    );
    staff.withTypeProvider<ZodTypeProvider>().get(
      '/api/admin/applications/:id/credit-notes/:number',
      {
        schema: {
          tags: ['admin'],
          summary: "A credit note of an order's refund as a PDF (the download is audited)",
          params: CreditNoteParams,
          produces: ['application/pdf'],
          response: errors,
        },
      },
      async (request, reply) =>
        sendReceipt(
          reply,
          await creditNoteForStaff({
            ctx,
            staff: userOf(request),
            caller: callerOf(request),
            input: request.params,
          }),
        ),
    );
  });
}
