import type { Support } from '../../config';

/** Where a reader of an e-mail, an invoice or a credit note gets help. */
export interface HelpContact {
  /** The help centre: `HELP_URL` when configured, else the portal's own `/help`. */
  url: string;
  /** The support address (`SUPPORT_EMAIL`); null when the caller does not know it. */
  email: string | null;
}

/** The help centre and support address of the portal at `publicUrl` with the configured `support`. */
export function helpContact(publicUrl: string, support?: Support | null): HelpContact {
  return {
    url: support?.helpUrl ?? `${publicUrl.replace(/\/+$/, '')}/help`,
    email: support?.email ?? null,
  };
}
