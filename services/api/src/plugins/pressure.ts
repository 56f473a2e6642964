import underPressure from '@fastify/under-pressure';
import { ErrorCode } from '@waypoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../lib/errors';
import { RETRY_AFTER_SECONDS } from './error-handler';

/** The reply to a request shed under pressure: the usual envelope, 503 with Retry-After. */
class OverloadedError extends AppError {
  constructor() {
    super(ErrorCode.OVERLOADED, 'availability.overloaded', {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    });
  }
}

/**
 * Sheds load before it sinks the process: while the event loop lags or memory is over the configured limits,
 * new requests are answered 503 at once (cheaply) instead of queueing until every one of them times out.
 */
export async function registerPressure(app: FastifyInstance, config: Config) {
  const { maxEventLoopDelayMs, maxRssBytes } = config.pressure;
  if (!maxEventLoopDelayMs && !maxRssBytes) return;
  await app.register(underPressure, {
    ...(maxEventLoopDelayMs ? { maxEventLoopDelay: maxEventLoopDelayMs } : {}),
    ...(maxRssBytes ? { maxRssBytes } : {}),
    customError: OverloadedError,
    retryAfter: RETRY_AFTER_SECONDS,
  });
}
