import {
  AvailabilityText,
  ClientErrorText,
  ErrorCode,
  type ErrorEnvelope,
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

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: ErrorCode,
  error: string,
  fieldErrors?: FieldErrors,
) {
  const body: ErrorEnvelope = { success: false, error, code, requestId: String(request.id) };
  if (fieldErrors && Object.keys(fieldErrors).length > 0) body.fieldErrors = fieldErrors;
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

function fieldPath(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  if (path) return path;
  return context === 'body' || !context ? 'body' : context;
}

/** The one error handler: every failure becomes the spec's envelope; 5xx never leak internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors: FieldErrors = {};
      for (const issue of err.validation) {
        const key = fieldPath(issue.instancePath, err.validationContext);
        fieldErrors[key] ??= issue.message ?? 'Invalid value';
      }
      // A route may give the whole request one message for its first problem (e.g. the checkout precheck).
      const summarise = (
        request.routeOptions.config as { validationSummary?: (path: string[]) => string }
      ).validationSummary;
      const firstPath = (err.validation[0]?.instancePath ?? '').split('/').filter(Boolean);
      const first = summarise
        ? summarise(firstPath)
        : (err.validation[0]?.message ?? 'The request is not valid');
      return send(reply, request, 400, ErrorCode.VALIDATION_FAILED, first, fieldErrors);
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
        AvailabilityText.databaseUnavailable,
      );
    }
    if (err instanceof AppError) {
      if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
      if (err.statusCode === 503) request.log.warn({ code: err.code }, err.message);
      else if (err.statusCode >= 500) request.log.error({ err }, 'application error');
      return send(reply, request, err.statusCode, err.code, err.message, err.fieldErrors);
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(
        reply,
        request,
        413,
        ErrorCode.PAYLOAD_TOO_LARGE,
        'The request body is too large',
      );
    }
    if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(
        reply,
        request,
        415,
        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        'Unsupported content type: send application/json',
      );
    }
    if (
      status === 400 &&
      (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        err instanceof SyntaxError)
    ) {
      return send(
        reply,
        request,
        400,
        ErrorCode.INVALID_JSON,
        'The request body is not valid JSON',
      );
    }
    if (status === 429) {
      return send(
        reply,
        request,
        429,
        ErrorCode.RATE_LIMITED,
        'Too many attempts. Please wait a moment and try again.',
      );
    }
    if (status >= 400 && status < 500) {
      return send(
        reply,
        request,
        status,
        ErrorCode.BAD_REQUEST,
        err.message || ClientErrorText.requestFailed,
      );
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, request, 500, ErrorCode.INTERNAL, INTERNAL_ERROR_MESSAGE);
  });

  app.setNotFoundHandler((request, reply) =>
    send(
      reply,
      request,
      404,
      ErrorCode.NOT_FOUND,
      `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
    ),
  );
}
