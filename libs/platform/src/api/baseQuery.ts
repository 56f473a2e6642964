import { fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { API_BASE, noReply, readEnvelope, UNREADABLE, type ApiError } from '@waypoint/platform';

const rawBaseQuery = fetchBaseQuery({ baseUrl: API_BASE, credentials: 'include' });

/** What an endpoint may tell the base query (`extraOptions`). */
export interface EnvelopeOptions {
  /** The call saves what the person entered (a POST that saves): without a reply it is said not to be saved. */
  saves?: boolean;
}

/**
 * fetchBaseQuery over the `{ success, data, error }` envelope, read by the same rules as the plain calls
 * (`readEnvelope`): resolves with `data`, or an {@link ApiError} with the server's text or the spec's fallback.
 * A call that got no reply fails with `noReply` (Waypoint could not be reached; a change is not saved).
 */
export const envelopeBaseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiError,
  EnvelopeOptions
> = async (args, api, extraOptions = {}) => {
  const unreachable = () =>
    noReply(typeof args === 'string' ? 'GET' : (args.method ?? 'GET'), extraOptions.saves);
  let result: Awaited<ReturnType<typeof rawBaseQuery>>;
  try {
    result = await rawBaseQuery(args, api, extraOptions);
  } catch {
    return { error: unreachable() };
  }
  if (result.error) {
    const failure = result.error;
    if (typeof failure.status === 'number')
      return readEnvelope(failure.status, failure.data, api.dispatch);
    if (failure.status === 'PARSING_ERROR') {
      return readEnvelope(failure.originalStatus, UNREADABLE, api.dispatch);
    }
    return { error: unreachable() };
  }
  return readEnvelope(result.meta?.response?.status ?? 200, result.data, api.dispatch);
};
