import { sql } from 'drizzle-orm';
import type { LiveEvent } from '@waypoint/contracts';
import type { Db, Tx } from '../../db/client';

/** The channel that carries live events between API processes (`NOTIFY`, see live-events.ts). */
export const LIVE_EVENTS_CHANNEL = 'application_events';

/** What travels on the channel: the event and the account it is for. */
export interface LiveEventNotice {
  userId: string;
  event: LiveEvent;
}

/**
 * Announces an event about an application to its owner's open streams, in every API process. `NOTIFY` is
 * transactional: run inside the transaction that makes the change, it is delivered once that commits, and never
 * if it rolls back. An application without an account yet has nobody to tell.
 */
export async function notifyApplicationEvent(
  db: Db | Tx,
  applicationId: string,
  event: Exclude<LiveEvent, { type: 'resync' }>,
): Promise<void> {
  await db.execute(sql`
    select pg_notify(
      ${LIVE_EVENTS_CHANNEL},
      json_build_object('userId', a.user_id, 'event', ${JSON.stringify(event)}::json)::text
    )
    from applications a
    where a.id = ${applicationId} and a.user_id is not null`);
}
