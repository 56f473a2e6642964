import {
  okEnvelope,
  ReminderTokenBody,
  RenewalPrefill,
  UnsubscribeResponse,
} from '@waypoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../lib/reply';
import { callerOf } from '../../plugins/scopes';
import { renewalPrefill, unsubscribeReminders } from './reminders.service';

const errors = errorResponses(400, 429);

/**
 * The links of the reminders before an ETA, a visa or its passport expires: they work without signing in (the
 * signed token in the link is the proof), and act only when the page posts them, never on a mere visit.
 */
export async function remindersRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reminders'];

  r.post(
    '/api/reminders/unsubscribe',
    {
      schema: {
        tags,
        summary: "Stop the reminders of an ETA or visa (the link's token)",
        body: ReminderTokenBody,
        response: { 200: okEnvelope(UnsubscribeResponse), ...errors },
      },
    },
    async (request) =>
      ok(await unsubscribeReminders({ ctx, input: request.body, caller: callerOf(request) })),
  );

  r.post(
    '/api/reminders/renewal',
    {
      schema: {
        tags,
        summary: 'What a new application starts with, from a reminder (the traveller and product)',
        body: ReminderTokenBody,
        response: { 200: okEnvelope(RenewalPrefill), ...errors },
      },
    },
    async (request) => ok(await renewalPrefill({ ctx, input: request.body })),
  );
}
