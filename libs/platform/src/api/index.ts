/**
 * `@waypoint/platform/api`: the portal's RTK Query API. A separate entry of the platform (and a separate shared
 * module), loaded by the areas that call the API through it; the shell's own pages use `requestEnvelope` and
 * `useCountries` from `@waypoint/platform` instead.
 */
export { api, useGetCountriesQuery, useGetVisaTypesQuery } from './api';
export { envelopeBaseQuery } from './baseQuery';
export { queriesInPage } from './page-queries';
