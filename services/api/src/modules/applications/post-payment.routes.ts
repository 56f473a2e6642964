import {
  ApplicationDetail,
  ApplicationIdParams,
  okEnvelope,
  POST_PAYMENT_JOURNEY,
  PostPaymentText,
  SubmitResponse,
  type FormSectionOf,
  type GeneralInfoBody,
  type SubmitBody,
} from '@waypoint/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorResponses, ok } from '../../lib/reply';
import { applicationOf, applicationScope, callerOf, userOf } from '../../plugins/scopes';
import { applicationDetail } from './application-detail.service';
import {
  saveGeneralInfo,
  saveTravelerSection,
  submitApplication,
  type TravelerSectionInput,
} from './post-payment.service';

const errors = errorResponses(400, 401, 404, 409, 429);

/**
 * A paid application's answers after payment, and its submission, one route for each section of the
 * post-payment journey (libs/contracts/src/journeys). Everything here is under
 * /api/application/:id, in the application scope: `request.application` is the caller's own (or staff's).
 */
export async function postPaymentRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const tags = ['post-payment'];
  applicationScope(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** What every verb on the application receives besides its input. */
  const on = (request: FastifyRequest) => ({
    ctx,
    application: applicationOf(request),
    user: userOf(request),
    caller: callerOf(request),
  });

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
      return ok(await applicationDetail({ ctx, input: { application: applicationOf(request) } }));
    },
  );

  /** The handler of each kind of section: the body's section and scope decide which verb saves it. */
  const handlers = {
    form: (section: FormSectionOf) =>
      section.scope === 'order'
        ? (request: FastifyRequest<{ Body: z.output<typeof GeneralInfoBody> }>) =>
            saveGeneralInfo({ ...on(request), input: request.body })
        : (request: FastifyRequest<{ Body: TravelerSectionInput['answers'] }>) =>
            saveTravelerSection({
              ...on(request),
              input: { section: section.slug, answers: request.body } as TravelerSectionInput,
            }),
    review: () => async (request: FastifyRequest<{ Body: SubmitBody }>) => ({
      application: await submitApplication({ ...on(request), input: request.body }),
    }),
  };

  // Every section the journey declares with a body gets its route; uploads are the documents module's.
  for (const section of POST_PAYMENT_JOURNEY) {
    if (section.kind === 'document') continue;
    const url = `/api/application/:id/${section.apiPath}`;
    if (section.kind === 'review') {
      const handle = handlers.review();
      r.post(
        url,
        {
          schema: {
            tags,
            summary: section.summary,
            params: ApplicationIdParams,
            body: section.body,
            response: { 200: okEnvelope(SubmitResponse), ...errors },
          },
          config: { validationSummary: () => PostPaymentText.declarationRequired },
        },
        async (request) => ok(await handle(request)),
      );
      continue;
    }
    const handle = handlers.form(section) as (
      request: FastifyRequest,
    ) => Promise<ApplicationDetail>;
    r.put(
      url,
      {
        schema: {
          tags,
          summary: section.summary,
          params: ApplicationIdParams,
          body: section.body,
          response: { 200: okEnvelope(ApplicationDetail), ...errors },
        },
        config: { editable: true },
      },
      async (request) => ok(await handle(request)),
    );
  }
}
