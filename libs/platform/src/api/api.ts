import { createApi } from '@reduxjs/toolkit/query/react';
import type { Middleware } from '@reduxjs/toolkit';
import type { CountriesResponse, VisaTypesResponse } from '@waypoint/contracts';
import { extendStores, userChanged } from '@waypoint/platform';
import { envelopeBaseQuery } from './baseQuery';

/**
 * The one RTK Query API slice of the portal, in its own entry (`@waypoint/platform/api`) so the pages that do not
 * need it (home, terms, privacy) never download RTK Query. The reference endpoints live here; each remote adds its
 * own with `api.injectEndpoints` when it loads. Importing this module adds the slice and its middleware to every
 * store of the page (`extendStores`).
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

/**
 * Cached replies that belong to a signed-in user (orders, applications): dropped when nobody is watching them and
 * refetched otherwise, so the next user of this browser never sees them.
 */
const USER_TAGS = ['Order', 'Application', 'Profile'] as const;

/** When someone signs in or out, the cache lets go of the previous user's data. */
const forgetPreviousUser: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (userChanged.match(action)) store.dispatch(api.util.invalidateTags([...USER_TAGS]));
  return result;
};

extendStores({ slice: api, middleware: [api.middleware, forgetPreviousUser] });
