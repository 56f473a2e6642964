import { z } from 'zod';
import { text } from './primitives';

/** The areas of the portal, each a Module Federation remote deployed on its own. */
export const REMOTE_AREAS = ['apply', 'account', 'admin'] as const;
export type RemoteArea = (typeof REMOTE_AREAS)[number];

/** The areas every visitor may load; the staff area's address is only handed to a signed-in staff session. */
export const PUBLIC_REMOTE_AREAS = ['apply', 'account'] as const;

/**
 * Where an area is deployed: its `mf-manifest.json` (or `remoteEntry.js`), as a path on the portal's own origin
 * (`/remotes/account/mf-manifest.json`, `/releases/account/1.2.0/mf-manifest.json`) or an http(s) URL on another.
 */
export const RemoteEntryUrl = text()
  .trim()
  .max(2048)
  .refine(
    (value) => /^\/(?![/\\])/.test(value) || /^https?:\/\/[^/\s]+\//.test(value),
    'must be a path on this site (/…) or an http(s) URL',
  )
  .refine(
    (value) => /\/(?:mf-manifest\.json|remoteEntry\.js)$/.test(value),
    "must end with the area's mf-manifest.json or remoteEntry.js",
  )
  .refine((value) => !/\/\.\.?(?:\/|$)/.test(value), 'must not contain . or .. segments');
export type RemoteEntryUrl = z.infer<typeof RemoteEntryUrl>;

/**
 * A remote registry file (`REMOTES_FILE`): the address of each area it sets, for one environment. An area it
 * leaves out keeps the address from the environment (`REMOTE_<AREA>_URL`) or its bundle on this origin.
 */
export const RemoteRegistryFile = z
  .object({
    apply: RemoteEntryUrl.optional(),
    account: RemoteEntryUrl.optional(),
    admin: RemoteEntryUrl.optional(),
  })
  .strict();
export type RemoteRegistryFile = z.infer<typeof RemoteRegistryFile>;

/** `/remotes.json` and the page's remotes meta element: the travellers' areas only. */
export const PublicRemotes = z.object({ apply: RemoteEntryUrl, account: RemoteEntryUrl });
export type PublicRemotes = z.infer<typeof PublicRemotes>;

/** `GET /api/admin/remote`: where the staff area is deployed, for a signed-in member of staff. */
export const StaffRemoteResponse = z.object({ entry: RemoteEntryUrl });
export type StaffRemoteResponse = z.infer<typeof StaffRemoteResponse>;
