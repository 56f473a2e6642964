import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import {
  ClientErrorText,
  ErrorCode,
  type FieldErrorKeys,
  type FieldErrors,
  type MessageParams,
} from '@waypoint/contracts';

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
  /**
   * The catalog key of the server's text (`ApiMessages`) and its parameters, and the keys of `fieldErrors`: what
   * `errorText` of `@waypoint/platform/i18n` shows in the reader's language. Absent when the reply had none.
   */
  messageKey?: string;
  messageParams?: MessageParams;
  fieldErrorKeys?: FieldErrorKeys;
}

/** All calls go to one API base on the same host. */
export const API_BASE = '/api';

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
  // The keys describe the server's own text only (not a caller's fallback); checked when translated.
  if (typeof body.messageKey === 'string' && error.message === body.error) {
    error.messageKey = body.messageKey;
    if (isRecord(body.messageParams)) error.messageParams = body.messageParams as MessageParams;
  }
  if (isRecord(body.fieldErrorKeys)) error.fieldErrorKeys = body.fieldErrorKeys as FieldErrorKeys;
  return error;
}

/** A reply whose body could not be read as JSON (an HTML error page, a cut connection mid-body). */
export const UNREADABLE = Symbol('unreadable reply');

export type EnvelopeOutcome =
  { data: unknown; error?: undefined } | { error: ApiError; data?: undefined };

/**
 * The one reading of the `{ success, data, error }` envelope, shared by RTK Query's base query and the plain calls:
 * an ok reply resolves with `data`; a non-ok reply raises the server's `error` or 'Request failed'; anything else
 * (an unreadable or unexpected reply) becomes 'Unknown error'. No reply at all is {@link noReply}. A staff session without its second factor (403
 * SECOND_FACTOR_REQUIRED) also tells the store, so the guards send the user to that screen.
 */
export function readEnvelope(
  status: number,
  body: unknown,
  dispatch: Dispatch<UnknownAction>,
): EnvelopeOutcome {
  const ok = status >= 200 && status < 300;
  if (!ok) {
    if (body === UNREADABLE) return { error: { status, message: ClientErrorText.requestFailed } };
    const error = errorFromBody(status, body, ClientErrorText.requestFailed);
    if (error.status === 403 && error.code === ErrorCode.SECOND_FACTOR_REQUIRED) {
      dispatch({ type: 'auth/secondFactorRequired' });
    }
    return { error };
  }
  if (isRecord(body) && body.success === true && 'data' in body) return { data: body.data };
  if (isRecord(body) && body.success === false) return { error: errorFromBody(status, body, '') };
  return { error: { status, message: ClientErrorText.unknown } };
}

/** The code of a failure that got no reply at all: Waypoint could not be reached (offline, refused, aborted). */
export const NETWORK_ERROR_CODE = 'NETWORK';

/** A call that got no reply at all: 'We could not reach Waypoint. Check your connection and try again.' */
export const NO_REPLY: ApiError = {
  status: 0,
  code: NETWORK_ERROR_CODE,
  message: ClientErrorText.network,
  messageKey: 'error.network',
};

/** A change sent that got no reply: it is not saved, and the person must know it. */
export const NO_REPLY_UNSAVED: ApiError = {
  status: 0,
  code: NETWORK_ERROR_CODE,
  message: ClientErrorText.networkUnsaved,
  messageKey: 'error.networkUnsaved',
};

/**
 * The failure of a call that got no reply. A change (PUT or PATCH, or a call that says it saves) is said not to be
 * saved; reading, signing in and the like are only said to have failed.
 */
export function noReply(method = 'GET', saves?: boolean): ApiError {
  return (saves ?? /^(PUT|PATCH)$/i.test(method)) ? NO_REPLY_UNSAVED : NO_REPLY;
}

/** True when a call failed because Waypoint could not be reached at all. */
export function isNetworkError(error: unknown): boolean {
  return isApiError(error) && error.code === NETWORK_ERROR_CODE;
}

/** One call outside RTK Query: a path under {@link API_BASE}, its method and a JSON body. */
export interface EnvelopeRequest {
  url: string;
  method?: string;
  body?: unknown;
  /** The call saves what the person entered (a POST that saves): without a reply it is said not to be saved. */
  saves?: boolean;
}

/**
 * Makes one call with plain `fetch` (the auth thunks, the home page's country list), so the first page carries no
 * RTK Query. Cookies are included and a body is sent as JSON. Resolves with `data` or rejects with an
 * {@link ApiError}, read by the same rules as every RTK Query endpoint ({@link readEnvelope}).
 */
export async function requestEnvelope(
  { url, method = 'GET', body, saves }: EnvelopeRequest,
  { signal, dispatch }: { signal?: AbortSignal; dispatch: Dispatch<UnknownAction> },
): Promise<unknown> {
  let status: number;
  let text: string;
  try {
    const response = await fetch(
      new Request(`${API_BASE}${url}`, {
        method,
        credentials: 'include',
        signal,
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      }),
    );
    status = response.status;
    text = await response.text();
  } catch {
    throw noReply(method, saves);
  }
  const outcome = readReplyText(status, text, dispatch);
  if (outcome.error) throw outcome.error;
  return outcome.data;
}

/** A reply's text read as the envelope ({@link readEnvelope}): JSON, or unreadable when it is not. */
export function readReplyText(
  status: number,
  text: string,
  dispatch: Dispatch<UnknownAction>,
): EnvelopeOutcome {
  let parsed: unknown = null;
  if (text.length > 0) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = UNREADABLE;
    }
  }
  return readEnvelope(status, parsed, dispatch);
}

export function isApiError(value: unknown): value is ApiError {
  return isRecord(value) && typeof value.message === 'string' && typeof value.status === 'number';
}
