import {
  CountriesResponse,
  ErrorCode,
  okEnvelope,
  ProcessingOptionsResponse,
  VisaTypeIdParams,
  VisaTypesQuery,
  VisaTypesResponse,
} from '@waypoint/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../lib/errors';
import { sendPrepared, type PreparedBody } from '../../lib/prepared-body';
import type { ReferenceSnapshot } from './reference.cache';
import { errorResponses, ok } from '../../lib/reply';

/** Reference data changes rarely: browsers keep it and revalidate with the ETag (a 304 costs no body). */
const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

const countriesSchema = okEnvelope(CountriesResponse);
const visaTypesSchema = okEnvelope(VisaTypesResponse);
const optionsSchema = okEnvelope(ProcessingOptionsResponse);

/**
 * Sends a body serialized when the snapshot was loaded (the schemas stay declared for validation of the contract
 * and the OpenAPI document).
 */
function sendReference(request: FastifyRequest, reply: FastifyReply, prepared: PreparedBody) {
  return sendPrepared(request, reply, prepared, {
    contentType: 'application/json; charset=utf-8',
    cacheControl: CACHE_CONTROL,
  });
}

/** The reply of `GET /api/reference/countries`, serialized once per snapshot. */
export function countriesReply(snap: ReferenceSnapshot): PreparedBody {
  return snap.prepared('countries', countriesSchema, () => ok(snap.data.countries));
}

/** The reply of `GET /api/reference/visa-types` for `countryId` (every type without one); null for a country unknown. */
export function visaTypesReply(
  snap: ReferenceSnapshot,
  countryId: string | undefined,
): PreparedBody | null {
  const data = snap.data.visaTypes.get(countryId ?? '');
  return data
    ? snap.prepared(`visa-types:${countryId ?? ''}`, visaTypesSchema, () => ok(data))
    : null;
}

/** The reply of `GET /api/reference/visa-types/:id/options`; null for a visa type unknown. */
export function optionsReply(snap: ReferenceSnapshot, id: string): PreparedBody | null {
  const data = snap.data.options.get(id);
  return data ? snap.prepared(`options:${id}`, optionsSchema, () => ok(data)) : null;
}

export async function referenceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = app.referenceCache;
  const snapshot = (): ReferenceSnapshot | Promise<ReferenceSnapshot> =>
    cache.current ?? cache.get();

  r.get(
    '/api/reference/countries',
    {
      schema: {
        tags: ['reference'],
        summary: 'Every nationality with its flag and what it needs to visit the UK',
        response: { 200: countriesSchema },
      },
    },
    async (request, reply) => {
      return sendReference(request, reply, countriesReply(await snapshot()));
    },
  );

  r.get(
    '/api/reference/visa-types',
    {
      schema: {
        tags: ['reference'],
        summary: 'The visa types a nationality can apply for (all when no countryId is given)',
        querystring: VisaTypesQuery,
        response: { 200: visaTypesSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const snap = await snapshot();
      const { countryId } = request.query;
      if (!snap.data.rate) {
        throw new AppError(ErrorCode.NOT_READY, 'reference.pricesNotReady');
      }
      const prepared = visaTypesReply(snap, countryId);
      if (!prepared)
        throw notFound({
          key: 'reference.unknownCountry',
          params: { countryId: String(countryId) },
        });
      return sendReference(request, reply, prepared);
    },
  );

  r.get(
    '/api/reference/visa-types/:id/options',
    {
      schema: {
        tags: ['reference'],
        summary: 'The priced processing options of a visa type',
        params: VisaTypeIdParams,
        response: { 200: optionsSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const prepared = optionsReply(await snapshot(), id);
      if (!prepared)
        throw notFound({ key: 'reference.unknownVisaType', params: { visaTypeId: id } });
      return sendReference(request, reply, prepared);
    },
  );
}
