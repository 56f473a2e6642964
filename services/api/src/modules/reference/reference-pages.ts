import {
  DEFAULT_COUNTRY_ID,
  type CountriesResponse,
  type PageQueries,
  type ProcessingOptionsResponse,
  type VisaTypesResponse,
} from '@waypoint/contracts';
import type { PreparedBody } from '../../lib/prepared-body';
import type { ReferenceSnapshot } from './reference.cache';
import { countriesReply, optionsReply, visaTypesReply } from './reference.routes';

/** A reply's data as the browser's API client keeps it (the envelope's `data`), parsed from the bytes it is sent as. */
function dataOf<T>(reply: PreparedBody): T {
  return (JSON.parse(reply.body.toString('utf8')) as { data: T }).data;
}

/**
 * What the first step of the wizard shows before anything is chosen (as the browser resolves it: the default
 * nationality, else the first, and that nationality's first visa type): every country, that nationality's visa
 * types and the first type's processing options. Visa types only once prices are known (until then the API
 * refuses them, and the browser shows why).
 */
export function tripDetailsQueries(snapshot: ReferenceSnapshot): PageQueries {
  const countries = dataOf<CountriesResponse>(countriesReply(snapshot));
  const queries: PageQueries = { getCountries: countries };
  const countryId = countries.some((country) => country.id === DEFAULT_COUNTRY_ID)
    ? DEFAULT_COUNTRY_ID
    : countries[0]?.id;
  const types = countryId && snapshot.data.rate ? visaTypesReply(snapshot, countryId) : null;
  if (!countryId || !types) return queries;
  const reply = dataOf<VisaTypesResponse>(types);
  queries.getVisaTypes = { countryId, reply };
  const first = reply.visaTypes[0];
  const options = first ? optionsReply(snapshot, first.id) : null;
  if (first && options) {
    queries.getProcessingOptions = {
      visaTypeId: first.id,
      reply: dataOf<ProcessingOptionsResponse>(options),
    };
  }
  return queries;
}

/** The pages everyone gets that the server renders with the reference data they show, and that data. */
export const REFERENCE_PAGE_QUERIES: Record<string, (snapshot: ReferenceSnapshot) => PageQueries> =
  {
    '/application/trip-details': tripDetailsQueries,
  };
