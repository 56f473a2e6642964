import { fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { API_BASE, NO_REPLY, readEnvelope, UNREADABLE, type ApiError } from '@waypoint/platform';

const rawBaseQuery = fetchBaseQuery({ baseUrl: API_BASE, credentials: 'include' });

/**
 * fetchBaseQuery over the `{ success, data, error }` envelope, read by the same rules as the plain calls
 * (`readEnvelope`): resolves with `data`, or an {@link ApiError} with the server's text or the spec's fallback.
 */
export const envelopeBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (
  args,
  api,
  extraOptions: object = {},
) => {
  let result: Awaited<ReturnType<typeof rawBaseQuery>>;
  try {
    result = await rawBaseQuery(args, api, extraOptions);
  } catch {
    return { error: NO_REPLY };
  }
  if (result.error) {
    const failure = result.error;
    if (typeof failure.status === 'number')
      return readEnvelope(failure.status, failure.data, api.dispatch);
    if (failure.status === 'PARSING_ERROR') {
      return readEnvelope(failure.originalStatus, UNREADABLE, api.dispatch);
    }
    return { error: NO_REPLY };
  }
  return readEnvelope(result.meta?.response?.status ?? 200, result.data, api.dispatch);
};
