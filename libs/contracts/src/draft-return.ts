import { z } from 'zod';
import { ApiMessages } from './api-messages';
import { EmailField } from './auth';
import { SessionDataResponse } from './application';
import { text } from './primitives';

/**
 * Save and come back later: a guest's unfinished application is kept on the server but belongs to the browser that
 * saved it. A return link, e-mailed on request, brings it to another browser: it works once and for
 * `DRAFT_RETURN_LINK_DAYS` days (`/application/return/<token>`).
 */

/** Days a return link works. */
export const DRAFT_RETURN_LINK_DAYS = 7;

/** `POST /api/drafts/return-link`: e-mail a link to this browser's (or account's) saved application. */
export const DraftReturnLinkBody = z.object({ email: EmailField });
export type DraftReturnLinkBody = z.input<typeof DraftReturnLinkBody>;

/** The link is on its way to `email`; it stops working at `expiresAt` (ISO date-time) or once used. */
export const DraftReturnLinkResponse = z.object({
  sent: z.literal(true),
  email: text(),
  expiresAt: text(),
});
export type DraftReturnLinkResponse = z.infer<typeof DraftReturnLinkResponse>;

/**
 * `POST /api/drafts/return`: the token of a return link. The reply is the saved application, now this browser's
 * (and the signed-in account's), in the shape of `GET /api/applications/session-data`. 404 for a link that does not
 * exist, 410 for one already used or expired (each with its own message).
 */
export const DraftReturnBody = z.object({
  token: text({ error: ApiMessages['draftReturn.linkNotFound'] })
    .trim()
    .min(1, ApiMessages['draftReturn.linkNotFound'])
    .max(200, ApiMessages['draftReturn.linkNotFound']),
});
export type DraftReturnBody = z.input<typeof DraftReturnBody>;

export const DraftReturnResponse = SessionDataResponse.extend({
  data: SessionDataResponse.shape.data.unwrap(),
  sessionId: text(),
});
export type DraftReturnResponse = z.infer<typeof DraftReturnResponse>;
