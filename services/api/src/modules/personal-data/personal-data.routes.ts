import {
  DeleteAccountBody,
  DeleteAccountResponse,
  exportFilename,
  okEnvelope,
} from '@waypoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../lib/reply';
import { callerOf, userOf, userScope } from '../../plugins/scopes';
import { clearSessionCookie } from '../../plugins/session';
import * as service from './personal-data.service';

const errors = errorResponses(400, 401, 403, 409, 429);

/** The account owner's copy of their data, and the deletion of their account. */
export async function personalDataRoutes(app: FastifyInstance) {
  const { ctx, config } = app;
  const { storage } = ctx;
  const tags = ['auth'];

  await app.register(async (scope) => {
    userScope(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/auth/profile/export',
      {
        schema: {
          tags,
          summary:
            'Everything held about the account as a zip: data.json and the uploaded documents (audited). Needs a proof of identity in the last 10 minutes (signing in, or POST /api/auth/recent-proof): 403 RECENT_PROOF_REQUIRED otherwise',
          produces: ['application/zip'],
        },
      },
      async (request, reply) => {
        const zip = await service.exportPersonalData({
          ctx,
          user: userOf(request),
          session: request.session,
          caller: callerOf(request),
          storage,
        });
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${exportFilename(new Date())}"`)
          .header('cache-control', 'no-store')
          .send(zip);
      },
    );

    r.post(
      '/api/auth/profile/delete',
      {
        schema: {
          tags,
          summary:
            'Delete the account (password or e-mailed code, and the authenticator code if set): documents and traveller data erased, payments kept, every session ended',
          body: DeleteAccountBody,
          response: { 200: okEnvelope(DeleteAccountResponse), ...errors },
        },
      },
      async (request, reply) => {
        const result = await service.deleteAccount({
          ctx,
          user: userOf(request),
          session: request.session,
          input: request.body,
          caller: callerOf(request),
          storage,
        });
        // The session row is already gone with every other one; the browser forgets its cookie.
        request.user = null;
        request.sessionId = null;
        request.session = null;
        clearSessionCookie(reply, config);
        return ok(result);
      },
    );
  });
}
