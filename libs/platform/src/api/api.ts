import { createApi } from '@reduxjs/toolkit/query/react';
import type { CountriesResponse, VisaTypesResponse } from '@waypoint/contracts';
import { envelopeBaseQuery } from './envelope';

/**
 * The one RTK Query API slice of the portal. The shell's reference endpoints live here; each remote adds its own
 * with `api.injectEndpoints` when it loads.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: envelopeBaseQuery,
  tagTypes: ['Profile', 'Application', 'Order'],
  endpoints: (build) => ({
    getCountries: build.query<CountriesResponse, void>({
      query: () => '/reference/countries',
      keepUnusedDataFor: 60 * 60,
    }),
    getVisaTypes: build.query<VisaTypesResponse, string | undefined>({
      query: (countryId) =>
        countryId
          ? `/reference/visa-types?countryId=${encodeURIComponent(countryId)}`
          : '/reference/visa-types',
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const { useGetCountriesQuery, useGetVisaTypesQuery } = api;
