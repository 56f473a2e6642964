import {
  apiMessage,
  ApiMessages,
  ErrorCode,
  issueMessageKey,
  messageKeyOf,
  UNKNOWN_MESSAGE_KEY,
  type ApiMessageKey,
  type ApiMessageRef,
  type ErrorEnvelope,
  type FieldErrorKeys,
  type FieldErrors,
} from '@waypoint/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { causeChain, isDatabaseUnavailable } from '../db/faults';
import { AppError } from '../lib/errors';

/** Seconds a client is asked to wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 5;

/** The driver's own code and message of a database error (its innermost cause), without the query or its parameters. */
function rootCause(err: unknown): { code?: string; message: string } {
  const root = [...causeChain(err)].at(-1) as { code?: unknown; message?: unknown } | undefined;
  return {
    ...(typeof root?.code === 'string' ? { code: root.code } : {}),
    message: typeof root?.message === 'string' ? root.message : String(root),
  };
}

export const INTERNAL_ERROR_MESSAGE = ApiMessages['error.internal'];

/**
 * Sends a page instead of the envelope when the failed request is a browser's visit to a page that has one for the
 * reply's status and message (the pages sent while the server cannot take new work, see bundles.ts): true when it
 * sent it, false for the envelope.
 */
export type ErrorPageSender = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  messageKey: ApiMessageKey,
) => boolean;

/** Where the front ends' plugin gives the error handler its pages (registered before the pages are known). */
export interface ErrorPages {
  use(sender: ErrorPageSender): void;
}

/**
 * Sends the envelope: the English `error` with its catalog key (`messageKey`, `messageParams`), and the fields'
 * English messages with their keys (`fieldErrors`, `fieldErrorKeys`).
 */
function sendEnvelope(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: ErrorCode,
  message: ApiMessageKey | { error: string; ref: ApiMessageRef },
  fieldErrors?: FieldErrors,
  fieldErrorKeys?: FieldErrorKeys,
) {
  const { error, ref } =
    typeof message === 'string' ? { error: apiMessage(message), ref: { key: message } } : message;
  const body: ErrorEnvelope = {
    success: false,
    error,
    code,
    messageKey: ref.key,
    ...(ref.params ? { messageParams: ref.params } : {}),
    requestId: String(request.id),
  };
  if (fieldErrors && Object.keys(fieldErrors).length > 0) {
    body.fieldErrors = fieldErrors;
    if (fieldErrorKeys) body.fieldErrorKeys = fieldErrorKeys;
  }
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** An English text with the key the catalog gives it (`fallback` when it has none). */
const withKey = (error: string, fallback: ApiMessageKey = UNKNOWN_MESSAGE_KEY) => ({
  error,
  ref: messageKeyOf(error) ?? { key: fallback },
});

/**
 * A validator's message as a person may read it: a catalog message, else the catalog's generic one. The contracts
 * give every rule a catalog message; a request of another shape (an object where a text belongs) is only sent by
 * another client, and zod's own English for it is never passed on.
 */
function catalogText(message: string | undefined): string {
  return message !== undefined && messageKeyOf(message)
    ? message
    : ApiMessages['validation.invalidValue'];
}

function fieldPath(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  if (path) return path;
  return context === 'body' || !context ? 'body' : context;
}

/**
 * The one error handler: every failure becomes the spec's envelope; 5xx never leak internals. A browser visiting a
 * page gets the page given for the failure instead, when there is one (see {@link ErrorPages}).
 */
export function registerErrorHandling(app: FastifyInstance): ErrorPages {
  let pageSender: ErrorPageSender | null = null;
  const send: typeof sendEnvelope = (reply, request, status, code, message, ...fields) => {
    const key = typeof message === 'string' ? message : message.ref.key;
    if (pageSender?.(request, reply, status, key)) return reply;
    return sendEnvelope(reply, request, status, code, message, ...fields);
  };
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors: FieldErrors = {};
      const fieldErrorKeys: FieldErrorKeys = {};
      for (const issue of err.validation) {
        const path = fieldPath(issue.instancePath, err.validationContext);
        if (fieldErrors[path] !== undefined) continue;
        const message = catalogText(issue.message);
        fieldErrors[path] = message;
        fieldErrorKeys[path] = issueMessageKey({ message });
      }
      // A route may give the whole request one message for its first problem (e.g. the checkout precheck).
      const summarise = (
        request.routeOptions.config as { validationSummary?: (path: string[]) => string }
      ).validationSummary;
      const firstPath = (err.validation[0]?.instancePath ?? '').split('/').filter(Boolean);
      const first = summarise
        ? summarise(firstPath)
        : err.validation[0]?.message === undefined
          ? ApiMessages['validation.requestInvalid']
          : catalogText(err.validation[0].message);
      return send(
        reply,
        request,
        400,
        ErrorCode.VALIDATION_FAILED,
        withKey(first, 'validation.invalidValue'),
        fieldErrors,
        fieldErrorKeys,
      );
    }
    if (isDatabaseUnavailable(err)) {
      // A restart or failover: the pool reconnects by itself, so the caller is asked to retry.
      request.log.warn({ database: rootCause(err) }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return send(
        reply,
        request,
        503,
        ErrorCode.DATABASE_UNAVAILABLE,
        'availability.databaseUnavailable',
      );
    }
    if (err instanceof AppError) {
      if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
      if (err.statusCode === 503) request.log.warn({ code: err.code }, err.message);
      else if (err.statusCode >= 500) request.log.error({ err }, 'application error');
      return send(
        reply,
        request,
        err.statusCode,
        err.code,
        { error: err.message, ref: { key: err.messageKey, params: err.messageParams } },
        err.fieldErrors,
        err.fieldErrorKeys,
      );
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, request, 413, ErrorCode.PAYLOAD_TOO_LARGE, 'request.bodyTooLarge');
    }
    if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(
        reply,
        request,
        415,
        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        'request.unsupportedMediaType',
      );
    }
    if (
      status === 400 &&
      (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        err instanceof SyntaxError)
    ) {
      return send(reply, request, 400, ErrorCode.INVALID_JSON, 'request.invalidJson');
    }
    if (status === 429) {
      return send(reply, request, 429, ErrorCode.RATE_LIMITED, 'request.rateLimited');
    }
    if (status >= 400 && status < 500) {
      return send(
        reply,
        request,
        status,
        ErrorCode.BAD_REQUEST,
        err.message ? withKey(err.message) : 'error.requestFailed',
      );
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, request, 500, ErrorCode.INTERNAL, 'error.internal');
  });

  app.setNotFoundHandler((request, reply) =>
    send(
      reply,
      request,
      404,
      ErrorCode.NOT_FOUND,
      withKey(
        apiMessage('request.noSuchEndpoint', {
          method: request.method,
          path: request.url.split('?')[0] ?? '',
        }),
      ),
    ),
  );
  return {
    use(sender) {
      pageSender = sender;
    },
  };
}
