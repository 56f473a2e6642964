import { DEFAULT_SUPPORT_EMAIL, SUPPORT_META_NAME } from '@waypoint/contracts';
import { jsonInMeta } from '../../meta';

/**
 * The support address travellers write to: the API's `SUPPORT_EMAIL` (which its e-mails and invoices also give),
 * as the server wrote it into the page; the default when the page was not sent by the server (prerendering, tests).
 */
export function supportEmail(): string {
  const sent = typeof document === 'undefined' ? null : jsonInMeta(SUPPORT_META_NAME);
  return typeof sent === 'string' && sent.includes('@') ? sent : DEFAULT_SUPPORT_EMAIL;
}

/** The contact form (the account area's page). */
export const CONTACT_PATH = '/contact';
