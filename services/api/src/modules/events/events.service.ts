import type { LiveEvent } from '@waypoint/contracts';
import type { Db, Tx } from '../../db/client';
import { notifyApplicationEvent } from './events.repo';

/**
 * Tells the owner's open pages, in every API process, about a change to their application: sent in the caller's
 * transaction, it is delivered once that commits, and never if it rolls back.
 */
export async function publishApplicationEvent({
  tx,
  input,
}: {
  tx: Db | Tx;
  input: { applicationId: string; event: Exclude<LiveEvent, { type: 'resync' }> };
}): Promise<void> {
  await notifyApplicationEvent(tx, input.applicationId, input.event);
}
