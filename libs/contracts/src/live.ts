import { z } from 'zod';
import { ApplicationStatus } from './orders';
import { text } from './primitives';

/** One event of the live stream (`LIVE_EVENTS_PATH`, in live-stream.ts). */
export const LiveEvent = z.discriminatedUnion('type', [
  /** One of the traveller's applications changed status. */
  z.object({ type: z.literal('status'), applicationId: text(), status: ApplicationStatus }),
  /** A document was uploaded for one of the traveller's applications (from this computer or a phone). */
  z.object({
    type: z.literal('document'),
    applicationId: text(),
    travelerId: text(),
    kind: z.enum(['passport-page', 'photo']),
    status: z.enum(['ACCEPTED', 'REJECTED']),
  }),
  /** Events may have been missed (the server lost its connection to the database): refetch everything. */
  z.object({ type: z.literal('resync') }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;
