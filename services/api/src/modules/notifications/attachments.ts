import type { Locale } from '@waypoint/contracts';
import type { Db } from '../../db/client';
import { receiptAttachment } from '../receipts/receipts.service';
import type { MailAttachment } from './mailer';
import type { EmailMessage } from './templates';

/**
 * The files an e-mail carries, made when it is sent: the payment confirmation carries the order's receipt as a
 * PDF, in the e-mail's language.
 */
export async function attachmentsOf(
  db: Db,
  message: EmailMessage,
  locale: Locale,
): Promise<MailAttachment[]> {
  if (message.template !== 'payment-confirmation' || !message.payload.receiptNumber) return [];
  const receipt = await receiptAttachment({ db }, message.payload.applicationId, locale);
  if (!receipt) return [];
  return [
    {
      filename: receipt.filename,
      contentType: 'application/pdf',
      content: Buffer.from(receipt.pdf),
    },
  ];
}
