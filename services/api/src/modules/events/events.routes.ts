import { ErrorCode, LIVE_EVENTS_PATH } from '@waypoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/reply';
import { userOf, userScope } from '../../plugins/scopes';
import { LiveEventHub } from './live-events';

/** How long a page refused a stream waits before trying again (it polls meanwhile). */
const RETRY_AFTER_SECONDS = 60;

/**
 * `GET /api/events`: the signed-in traveller's live status stream (server-sent events). Each event is a
 * `LiveEvent` of libs/contracts (ids and codes only). The stream is never compressed (the compression plugin
 * leaves `text/event-stream` alone, and the reply is taken over from the framework) and never buffered.
 * Called on the root instance: the hub is the app's, and its hooks follow the app's start and shutdown.
 */
export async function registerLiveEvents(app: FastifyInstance) {
  const hub = new LiveEventHub(app.database, app.log, {
    heartbeatMs: app.config.liveEvents.heartbeatSeconds * 1000,
    perUser: app.config.liveEvents.perUser,
  });
  app.decorate('liveEvents', hub);
  app.addHook('onReady', () => hub.start());
  // Before the server stops accepting connections and waits for open ones: an open stream would hold it.
  app.addHook('preClose', (done) => {
    hub.closeAll();
    done();
  });
  app.addHook('onClose', () => hub.stop());

  await app.register(async (signedIn) => {
    userScope(signedIn);
    signedIn.withTypeProvider<ZodTypeProvider>().get(
      LIVE_EVENTS_PATH,
      {
        schema: {
          tags: ['applications'],
          summary:
            "The signed-in traveller's live status: server-sent events when one of their applications changes status or receives a document",
          response: errorResponses(401, 429, 503),
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        // The page reconnects to another process (or this one once it is back).
        if (hub.closed) {
          throw new AppError(ErrorCode.NOT_READY, 'availability.shuttingDown', {
            retryAfterSeconds: 5,
          });
        }
        if (!hub.accepts(user.id)) {
          throw new AppError(ErrorCode.RATE_LIMITED, 'liveEvents.tooManyStreams', {
            retryAfterSeconds: RETRY_AFTER_SECONDS,
          });
        }
        reply.hijack();
        hub.open(user.id, request.raw, reply.raw, reply.getHeaders());
      },
    );
  });
}
