import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
} from '@reduxjs/toolkit/query/react';
import { ClientErrorText, ErrorCode, type FieldErrors } from '@waypoint/contracts';

/** Every error the front end shows from a call: a human message, plus what the server added. */
export interface ApiError {
  /** The HTTP status, or 0 when no reply could be read. */
  status: number;
  /**
   * The server's text, 'Request failed' for a non-ok reply without one, 'Unknown error' when nothing usable came
   * back. Empty when an ok reply reported `success: false` without text: the caller uses its own fallback (e.g.
   * 'Login failed').
   */
  message: string;
  code?: string;
  fieldErrors?: FieldErrors;
}

/** All calls go to one API base on the same host. */
export const API_BASE = '/api';

const rawBaseQuery = fetchBaseQuery({ baseUrl: API_BASE, credentials: 'include' });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The error a failed envelope carries, with the spec's fallback text when the server gave none. */
function errorFromBody(status: number, body: unknown, fallback: string): ApiError {
  const error: ApiError = { status, message: fallback };
  if (!isRecord(body)) return error;
  if (typeof body.error === 'string' && body.error.trim() !== '') error.message = body.error;
  if (typeof body.code === 'string') error.code = body.code;
  const fieldErrors = stringRecord(body.fieldErrors);
  if (fieldErrors) error.fieldErrors = fieldErrors;
  return error;
}

/**
 * fetchBaseQuery over the `{ success, data, error }` envelope: resolves with `data`; a non-ok reply raises the
 * server's `error` or 'Request failed'; anything else that goes wrong (network, unreadable reply) becomes
 * 'Unknown error'.
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
    return { error: { status: 0, message: ClientErrorText.unknown } };
  }

  if (result.error) {
    const failure = result.error;
    if (typeof failure.status === 'number') {
      const error = errorFromBody(failure.status, failure.data, ClientErrorText.requestFailed);
      // A staff session without its second factor: the guards send the user to that screen.
      if (error.status === 403 && error.code === ErrorCode.SECOND_FACTOR_REQUIRED) {
        api.dispatch({ type: 'auth/secondFactorRequired' });
      }
      return { error };
    }
    if (failure.status === 'PARSING_ERROR' && failure.originalStatus >= 400) {
      return { error: { status: failure.originalStatus, message: ClientErrorText.requestFailed } };
    }
    return { error: { status: 0, message: ClientErrorText.unknown } };
  }

  const status = result.meta?.response?.status ?? 200;
  const body = result.data;
  if (isRecord(body) && body.success === true && 'data' in body) return { data: body.data };
  if (isRecord(body) && body.success === false) return { error: errorFromBody(status, body, '') };
  return { error: { status, message: ClientErrorText.unknown } };
};

/** The parts of a thunk's API that a base query needs. */
interface ThunkLikeApi {
  signal: AbortSignal;
  abort: (reason?: string) => void;
  dispatch: BaseQueryApi['dispatch'];
  getState: () => unknown;
  extra: unknown;
}

/**
 * Runs one call outside RTK Query (for the auth thunks) through the same base query, so the envelope rules and
 * fallback texts live in one place. Resolves with `data` or rejects with an {@link ApiError}.
 */
export async function requestEnvelope(
  args: FetchArgs,
  thunkApi: ThunkLikeApi,
  endpoint: string,
): Promise<unknown> {
  const result = await envelopeBaseQuery(
    args,
    {
      signal: thunkApi.signal,
      abort: thunkApi.abort,
      dispatch: thunkApi.dispatch,
      getState: thunkApi.getState,
      extra: thunkApi.extra,
      endpoint,
      type: args.method && args.method !== 'GET' ? 'mutation' : 'query',
    },
    {},
  );
  if ('error' in result && result.error) throw result.error;
  return result.data;
}

export function isApiError(value: unknown): value is ApiError {
  return isRecord(value) && typeof value.message === 'string' && typeof value.status === 'number';
}
