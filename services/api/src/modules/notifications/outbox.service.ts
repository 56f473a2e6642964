import type { Locale } from '@waypoint/contracts';
import type { Db, Tx } from '../../db/client';
import { enqueueEmail } from './outbox.repo';
import type { EmailMessage } from './templates';

/**
 * Queues an e-mail in the caller's transaction: it exists exactly when its cause does, and the worker sends it once
 * that commits. It is written in `locale`, the recipient account's language (English for an account without one
 * yet).
 */
export async function queueEmail({
  tx,
  input,
}: {
  tx: Db | Tx;
  input: { to: string; message: EmailMessage; locale: Locale | null; id?: string };
}): Promise<void> {
  await enqueueEmail(tx, input.to, input.message, input.locale, input.id);
}
