import {
  ApplicationDetail,
  ApplicationIdParams,
  DeclarationBody,
  ErrorEnvelope,
  GeneralInfoBody,
  okEnvelope,
  PassportInfoBody,
  PersonalInfoBody,
  PostPaymentText,
  SubmitBody,
  SubmitResponse,
  WorkInfoBody,
} from '@waypoint/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok } from '../../lib/reply';
import { applicationOf, applicationScope, callerOf, userOf } from '../../plugins/scopes';
import { applicationDetail } from './application-detail.service';
import {
  saveGeneralInfo,
  saveTravelerSection,
  submitApplication,
  type TravelerSection,
} from './post-payment.service';

const errors = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  429: ErrorEnvelope,
};

/**
 * A paid application's answers after payment, and its submission. Everything here is under
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
      config: { editable: true },
    },
    async (request) => ok(await saveGeneralInfo({ ...on(request), input: request.body })),
  );

  /** One traveller's section: the body names the traveller, the service maps the answers to their columns. */
  const travelerSection = <S extends TravelerSection['section']>(
    path: string,
    summary: string,
    section: S,
    body: z.ZodType<Extract<TravelerSection, { section: S }>['answers']>,
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
        config: { editable: true },
      },
      async (request) =>
        ok(
          await saveTravelerSection({
            ...on(request),
            input: { section, answers: request.body } as TravelerSection,
          }),
        ),
    );

  travelerSection(
    'personal-info',
    "A traveller's personal information",
    'personal',
    PersonalInfoBody,
  );
  travelerSection(
    'passport-info',
    "The country that issued a traveller's passport",
    'passportInfo',
    PassportInfoBody,
  );
  travelerSection('work-info', "A traveller's work", 'work', WorkInfoBody);
  travelerSection('declaration', "A traveller's declaration", 'declaration', DeclarationBody);

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
    async (request) =>
      ok({ application: await submitApplication({ ...on(request), input: request.body }) }),
  );
}
