import type { Tx } from '../../db/client';
import type { ApplicationRow } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { lockApplication } from './applications.repo';

/**
 * Runs `act` in one transaction holding the order's row lock, with the order as it is now (not as the request
 * first read it), and a context whose database is that transaction, so everything `act` reads and writes sees and
 * joins it. An order that no longer exists (its account was deleted meanwhile) is a 404. The e-mail worker is
 * woken once the transaction has committed.
 */
export async function onLockedOrder<T>(
  ctx: ServiceContext,
  id: string,
  act: (order: ApplicationRow, tx: Tx, inTx: ServiceContext) => Promise<T>,
): Promise<T> {
  const result = await ctx.db.transaction(async (tx) => {
    const order = await lockApplication(tx, id);
    if (!order) throw notFound('application.notFound');
    return act(order, tx, { ...ctx, db: tx });
  });
  ctx.pokeJobs('email');
  return result;
}

/**
 * The order locked in the caller's transaction, as `onLockedOrder` locks it, for an action that already runs in
 * one; undefined when the order no longer exists.
 */
export function lockOrder({
  tx,
  input,
}: {
  tx: Tx;
  input: { id: string };
}): Promise<ApplicationRow | undefined> {
  return lockApplication(tx, input.id);
}
