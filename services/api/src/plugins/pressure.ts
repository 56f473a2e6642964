import underPressure from '@fastify/under-pressure';
import { ErrorCode } from '@waypoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../lib/errors';
import { isFileRequest } from './bundles';
import { RETRY_AFTER_SECONDS } from './error-handler';

/** The reply to a request shed under pressure: the usual envelope, 503 with Retry-After. */
class OverloadedError extends AppError {
  constructor() {
    super(ErrorCode.OVERLOADED, 'availability.overloaded', {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    });
  }
}

/** How often the event loop's lag and the memory are sampled. */
const SAMPLE_INTERVAL_MS = 1000;

/**
 * Sheds load before it sinks the process: while the event loop lags or memory is over the configured limits,
 * new requests are answered 503 at once (cheaply) instead of queueing until every one of them times out.
 *
 * The built files (scripts, stylesheets, fonts) are never shed: they are asked for by a page the browser already
 * has, cost next to nothing to send (compressed at build time, streamed from disk), and refusing one leaves that
 * page unstyled or dead. New pages and API calls are what is refused.
 *
 * The event loop's lag is judged from the first sample taken wholly after the server is ready: the samples before
 * it also hold the start's own work (loading and compiling the modules, building the routes), which can keep the
 * loop busy for seconds on a loaded machine and would otherwise have the first requests of a new process refused.
 */
export async function registerPressure(app: FastifyInstance, config: Config) {
  const { maxEventLoopDelayMs, maxRssBytes } = config.pressure;
  if (!maxEventLoopDelayMs && !maxRssBytes) return;
  let lagJudgedFrom = Infinity;
  app.addHook('onReady', async () => {
    lagJudgedFrom = performance.now() + 2 * SAMPLE_INTERVAL_MS;
  });
  await app.register(underPressure, {
    sampleInterval: SAMPLE_INTERVAL_MS,
    ...(maxEventLoopDelayMs ? { maxEventLoopDelay: maxEventLoopDelayMs } : {}),
    ...(maxRssBytes ? { maxRssBytes } : {}),
    pressureHandler: (request, _reply, type) => {
      if (isFileRequest(request.method, request.url)) return undefined;
      const lagNotJudgedYet =
        type === underPressure.TYPE_EVENT_LOOP_DELAY && performance.now() < lagJudgedFrom;
      // (The lag is checked before the memory: while the lag is not judged yet, the memory still is.)
      if (lagNotJudgedYet && !(maxRssBytes && process.memoryUsage.rss() > maxRssBytes))
        return undefined;
      // Rejected, the handler's answer goes through the error handler: the envelope, 503 and Retry-After.
      return Promise.reject(new OverloadedError());
    },
  });
}
