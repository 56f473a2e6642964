import etag from '@fastify/etag';
import {
  CountriesResponse,
  ErrorEnvelope,
  okEnvelope,
  ProcessingOptionsResponse,
  VisaTypeIdParams,
  VisaTypesQuery,
  VisaTypesResponse,
} from '@waypoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './reference.service';

/** Reference data changes rarely: browsers keep it and revalidate with the ETag (a 304 costs no body). */
const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

export async function referenceRoutes(app: FastifyInstance) {
  await app.register(etag);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300) reply.header('cache-control', CACHE_CONTROL);
    return payload;
  });

  r.get(
    '/api/reference/countries',
    {
      schema: {
        tags: ['reference'],
        summary: 'Every nationality with its flag and what it needs to visit the UK',
        response: { 200: okEnvelope(CountriesResponse) },
      },
    },
    async () => ({ success: true as const, data: await service.listCountries({ ctx: app.ctx }) }),
  );

  r.get(
    '/api/reference/visa-types',
    {
      schema: {
        tags: ['reference'],
        summary: 'The visa types a nationality can apply for (all when no countryId is given)',
        querystring: VisaTypesQuery,
        response: { 200: okEnvelope(VisaTypesResponse), 404: ErrorEnvelope },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listVisaTypes({
        ctx: app.ctx,
        input: { countryId: request.query.countryId },
      }),
    }),
  );

  r.get(
    '/api/reference/visa-types/:id/options',
    {
      schema: {
        tags: ['reference'],
        summary: 'The priced processing options of a visa type',
        params: VisaTypeIdParams,
        response: { 200: okEnvelope(ProcessingOptionsResponse), 404: ErrorEnvelope },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listProcessingOptions({
        ctx: app.ctx,
        input: { visaTypeId: request.params.id },
      }),
    }),
  );
}
