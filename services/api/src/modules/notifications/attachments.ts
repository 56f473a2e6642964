import type { Locale } from '@waypoint/contracts';
import type { Db } from '../../db/client';
import type { MailAttachment } from './mailer';
import type { EmailMessage } from './templates';

/**
 * Makes the files an e-mail carries when it is sent, from what the database holds (they are never kept in the
 * outbox row): the payment confirmation carries the order's receipt, which the receipts module draws.
 */
export type AttachmentsOf = (
  db: Db,
  message: EmailMessage,
  locale: Locale,
) => Promise<MailAttachment[]>;
